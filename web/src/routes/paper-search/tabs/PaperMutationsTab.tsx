import { useQuery } from "@apollo/client/react";
import { ApiButton } from "../../../components/ApiButton";
import { MutationList, type MutationListState } from "../../../components/MutationList";
import type { DisplayMode } from "../../../gql/graphql";
import { graphqlEnum } from "../../../lib/graphqlEnum";
import { restPath } from "../../../lib/restPath";
import { paperMutationsQuery } from "../paperSearch.queries";

export type PaperMutationsState = MutationListState;

/** The mutations a study reports, 3 columns (spec 1 §2.8). */
export function PaperMutationsTab({
  pmid,
  state,
  onChange,
}: {
  pmid: number;
  state: PaperMutationsState;
  onChange: (change: Record<string, string | number | null>) => void;
}) {
  const variables = { pmid, ...state, mode: graphqlEnum<DisplayMode>(state.mode) };
  const { data, previousData, loading, error } = useQuery(paperMutationsQuery, { variables });
  return (
    <MutationList
      page={(data ?? (loading ? previousData : undefined))?.paper?.mutations}
      loading={loading}
      error={error}
      emptyText="No mutations associated with this publication."
      api={
        <ApiButton
          document={paperMutationsQuery}
          variables={variables}
          restUrl={restPath("/api/paper/mutations/filter", { pmid, ...state })}
          title={`mutations of PMID ${pmid}`}
          testId="api-mutations"
        />
      }
      state={state}
      onChange={onChange}
      showDisease
    />
  );
}
