import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { ExternalLink } from "../../../components/ExternalLink";
import { Pager } from "../../../components/Pager";
import { goDomainLabel } from "../../../lib/geneTabs";
import { externalUrl } from "../../../lib/links";
import { countOf } from "../../../lib/plural";
import { geneGoTermsQuery } from "../geneSearch.queries";
import { geneTabDef } from "../geneTabDefs";
import { EmptyText, TabFrame } from "./TabFrame";

const PAGE_SIZE = 25;

export function GoTermsTab({ geneId }: { geneId: number }) {
  const def = geneTabDef("go");
  const variables = { id: geneId };
  const { data, loading, error, refetch } = useQuery(geneGoTermsQuery, { variables });
  const [page, setPage] = useState(1);
  const annotations = data?.gene?.goAnnotations;
  const visible = (annotations ?? []).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  return (
    <TabFrame
      def={def}
      geneId={geneId}
      api={{ document: geneGoTermsQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={annotations !== undefined}
      summary={
        annotations && annotations.length > 0 ? (
          <p className="tab-summary">
            {countOf(annotations.length, "GO annotation")}
            {annotations.length > PAGE_SIZE && `, ${PAGE_SIZE} per page`}
          </p>
        ) : null
      }
    >
      {annotations?.length === 0 && <EmptyText>No SynGO annotations found for this gene.</EmptyText>}
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
              {visible.map((row, index) => {
                const domain = goDomainLabel(row.domain);
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a term may repeat with another evidence code
                  <tr key={`${row.goId}-${row.evidence}-${row.speciesTaxid}-${index}`} data-testid="go-row">
                    <td className="nowrap">
                      <ExternalLink href={externalUrl("goTerm", row.goId)}>{row.goId}</ExternalLink>
                    </td>
                    <td>{row.term || "N/A"}</td>
                    <td>
                      <span className={`domain-chip domain-${domain}`}>{domain}</span>
                    </td>
                    <td className="mono">{row.evidence || "N/A"}</td>
                    <td>
                      {row.speciesName || row.speciesTaxid}
                      {row.speciesSciName && <em className="muted"> ({row.speciesSciName})</em>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {annotations && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={annotations.length}
          onChange={setPage}
          label="GO term pages"
        />
      )}
    </TabFrame>
  );
}
