import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { MutationCard } from "../../../../components/MutationCard";
import { Pager } from "../../../../components/Pager";
import { pageQuery } from "../../../../lib/pageQuery";
import { countOf } from "../../../../lib/plural";
import { EmptyText, TabFrame } from "../TabFrame";
import { mutationsTab } from "./definition";
import { geneMutationsQuery } from "./mutations.queries";

const PAGE_SIZE = 12;

/** The tab's query for a page (the gene's page preloads the first: tabs/index.ts). */
export const mutationsTabRequest = (geneId: number, page = 1) =>
  pageQuery(geneMutationsQuery, { id: geneId, page, pageSize: PAGE_SIZE });

export function MutationsTab({ geneId }: { geneId: number }) {
  const [page, setPage] = useState(1);
  const { variables } = mutationsTabRequest(geneId, page);
  const result = useQuery(geneMutationsQuery, { variables });
  const { loading, error, refetch } = result;
  // The page shown stays until the next one has arrived.
  const connection = (result.data ?? result.previousData)?.gene?.mutationConnection;
  const total = connection?.totalCount;
  const visible = connection?.nodes ?? [];
  return (
    <TabFrame
      def={mutationsTab}
      geneId={geneId}
      api={{ document: geneMutationsQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={connection !== undefined}
      summary={total ? <p className="tab-summary">{countOf(total, "mutation")}</p> : null}
    >
      {total === 0 && <EmptyText>No mutations associated with this gene.</EmptyText>}
      {visible.length > 0 && (
        <div className="card-grid">
          {visible.map((mutation) => (
            <MutationCard
              key={mutation.id}
              mutation={mutation}
              showDisease
              showGene={false}
              missingVariant="N/A"
            />
          ))}
        </div>
      )}
      {total !== undefined && (
        <Pager page={page} pageSize={PAGE_SIZE} total={total} onChange={setPage} label="Mutation pages" />
      )}
    </TabFrame>
  );
}
