import { useQuery } from "@apollo/client/react";
import { ApiButton } from "../../../components/ApiButton";
import { MutationList, type MutationListState } from "../../../components/MutationList";
import type { DisplayMode } from "../../../gql/graphql";
import { graphqlEnum } from "../../../lib/graphqlEnum";
import { restPath } from "../../../lib/restPath";
import { diseaseMutationsQuery } from "../diseaseSearch.queries";

export type MutationsTabState = MutationListState;

/** Mutations of a disease, 3 columns (spec 1 §2.7). */
export function DiseaseMutationsTab({
  hdoid,
  state,
  onChange,
}: {
  hdoid: string;
  state: MutationsTabState;
  onChange: (change: Record<string, string | number | null>) => void;
}) {
  const variables = { hdoid, ...state, mode: graphqlEnum<DisplayMode>(state.mode) };
  const { data, previousData, loading, error } = useQuery(diseaseMutationsQuery, { variables });
  return (
    <MutationList
      page={(data ?? (loading ? previousData : undefined))?.disease?.mutations}
      loading={loading}
      error={error}
      emptyText="No mutations associated with this disease."
      api={
        <ApiButton
          document={diseaseMutationsQuery}
          variables={variables}
          restUrl={restPath("/api/disease/mutations/filter", { hdoid, ...state })}
          title={`mutations of ${hdoid}`}
          testId="api-mutations"
        />
      }
      state={state}
      onChange={onChange}
    />
  );
}
