import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { MutationCard } from "../../../components/MutationCard";
import { Pager } from "../../../components/Pager";
import { countOf } from "../../../lib/plural";
import { geneMutationsQuery } from "../geneSearch.queries";
import { geneTabDef } from "../geneTabDefs";
import { EmptyText, TabFrame } from "./TabFrame";

const PAGE_SIZE = 12;

export function MutationsTab({ geneId }: { geneId: number }) {
  const def = geneTabDef("mutations");
  const variables = { id: geneId };
  const { data, loading, error, refetch } = useQuery(geneMutationsQuery, { variables });
  const [page, setPage] = useState(1);
  const mutations = data?.gene?.mutations;
  const visible = (mutations ?? []).slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return (
    <TabFrame
      def={def}
      geneId={geneId}
      api={{ document: geneMutationsQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={mutations !== undefined}
      summary={
        mutations && mutations.length > 0 ? (
          <p className="tab-summary">{countOf(mutations.length, "mutation")}</p>
        ) : null
      }
    >
      {mutations?.length === 0 && <EmptyText>No mutations associated with this gene.</EmptyText>}
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
      {mutations && (
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={mutations.length}
          onChange={setPage}
          label="Mutation pages"
        />
      )}
    </TabFrame>
  );
}
