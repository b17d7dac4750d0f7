import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { ExternalLink } from "../../../../components/ExternalLink";
import { Pager } from "../../../../components/Pager";
import { goDomainLabel } from "../../../../lib/geneTabs";
import { externalUrl } from "../../../../lib/links";
import { pageQuery } from "../../../../lib/pageQuery";
import { countOf } from "../../../../lib/plural";
import { EmptyText, TabFrame } from "../TabFrame";
import { goTab } from "./definition";
import { geneGoTermsQuery } from "./go.queries";
import "../goDomains.css";

const PAGE_SIZE = 25;

/** The tab's query for a page (the gene's page preloads the first: tabs/index.ts). */
export const goTermsTabRequest = (geneId: number, page = 1) =>
  pageQuery(geneGoTermsQuery, { id: geneId, page, pageSize: PAGE_SIZE });

export function GoTermsTab({ geneId }: { geneId: number }) {
  const [page, setPage] = useState(1);
  const { variables } = goTermsTabRequest(geneId, page);
  const result = useQuery(geneGoTermsQuery, { variables });
  const { loading, error, refetch } = result;
  // The page shown stays until the next one has arrived.
  const connection = (result.data ?? result.previousData)?.gene?.goTermConnection;
  const total = connection?.totalCount;
  const visible = connection?.edges ?? [];

  return (
    <TabFrame
      def={goTab}
      geneId={geneId}
      api={{ document: geneGoTermsQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={connection !== undefined}
      summary={
        total ? (
          <p className="tab-summary">
            {countOf(total, "GO annotation")}
            {total > PAGE_SIZE && `, ${PAGE_SIZE} per page`}
          </p>
        ) : null
      }
    >
      {total === 0 && <EmptyText>No SynGO annotations found for this gene.</EmptyText>}
      {visible.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" data-testid="go-table">
            <thead>
              <tr>
                <th scope="col">GO ID</th>
                <th scope="col">Term</th>
                <th scope="col">Domain</th>
                <th scope="col">Evidence</th>
                <th scope="col">Species</th>
              </tr>
            </thead>
            <tbody>
              {visible.map(({ term, evidence, species }, index) => {
                const domain = goDomainLabel(term?.domain);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a term may repeat with another evidence code
                  <tr key={`${term?.goId}-${evidence}-${species?.taxid}-${index}`} data-testid="go-row">
                    <td className="nowrap">
                      <ExternalLink href={externalUrl("goTerm", term?.goId)} disabledText="N/A">
                        {term?.goId}
                      </ExternalLink>
                    </td>
                    <td>{term?.term || "N/A"}</td>
                    <td>
                      <span className={`domain-chip domain-${domain}`}>{domain}</span>
                    </td>
                    <td className="mono">{evidence || "N/A"}</td>
                    <td>
                      {species?.name ?? "N/A"}
                      {species?.sciName && <em className="muted"> ({species.sciName})</em>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {total !== undefined && (
        <Pager page={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} label="GO term pages" />
      )}
    </TabFrame>
  );
}
