import type { TypedDocumentNode } from "@apollo/client";
import { useQuery } from "@apollo/client/react";
import type { DisplayMode, MutationPaginationFieldsFragment } from "../gql/graphql";
import { MUTATION_FILTER_DEBOUNCE_MS, MUTATION_MODE_OPTIONS, type MutationMode } from "../lib/cardTabState";
import { formatCount } from "../lib/format";
import { graphqlEnum } from "../lib/graphqlEnum";
import { pageQuery } from "../lib/pageQuery";
import { countOf } from "../lib/plural";
import { restPath } from "../lib/restPath";
import { ApiButton } from "./ApiButton";
import { FilterInput, SelectControl } from "./DetailControls";
import { DetailTabFrame } from "./DetailTabFrame";
import { MutationCard, type MutationView } from "./MutationCard";

export interface MutationListState {
  page: number;
  pageSize: number;
  term: string;
  mode: MutationMode;
}

export interface MutationListPage {
  pagination: MutationPaginationFieldsFragment;
  mutations: MutationView[];
}

/** The variables of a mutations tab's query: the entity's identifier and the tab's state. */
type MutationsVariables<Id> = Id & Omit<MutationListState, "mode"> & { mode: DisplayMode };

/** A mutations tab's query for an entity and a state of the tab (a record page preloads it). */
export const mutationListRequest = <Data, Id extends Record<string, string | number>>(
  query: TypedDocumentNode<Data, MutationsVariables<Id>>,
  id: Id,
  state: MutationListState,
) =>
  pageQuery(query, { ...id, ...state, mode: graphqlEnum<DisplayMode>(state.mode) } as MutationsVariables<Id>);

/**
 * The mutations tab of a disease or a study card (spec 1 §2.7, §2.8): filter, mode, page size,
 * summary, pager and 3-column cards. Each entity names its own query document (the API dialog prints
 * it), the page in its answer and its REST filter path; the rest is one component.
 */
export function MutationList<Data, Id extends Record<string, string | number>>({
  query,
  id,
  pageOf,
  restFilterPath,
  title,
  emptyText,
  state,
  onChange,
  showDisease = false,
}: {
  query: TypedDocumentNode<Data, MutationsVariables<Id>>;
  /** The entity's identifier, as the query and the REST path name it (`{ hdoid }`, `{ pmid }`). */
  id: Id;
  pageOf: (data: Data) => MutationListPage | null | undefined;
  restFilterPath: string;
  /** What the API dialog says the request is for. */
  title: string;
  emptyText: string;
  state: MutationListState;
  onChange: (change: Record<string, string | number | null>) => void;
  showDisease?: boolean;
}) {
  const { variables } = mutationListRequest(query, id, state);
  const { data, previousData, loading, error } = useQuery(query, { variables });
  const answer = data ?? (loading ? previousData : undefined);
  const page = answer === undefined ? undefined : pageOf(answer);
  const pagination = page?.pagination;
  const mutations = page?.mutations ?? [];
  return (
    <DetailTabFrame
      name="mutations"
      loading={loading}
      error={error}
      hasData={page !== undefined && page !== null}
      isEmpty={mutations.length === 0}
      emptyText={emptyText}
      actions={
        <ApiButton
          document={query}
          variables={variables}
          restUrl={restPath(restFilterPath, { ...id, ...state })}
          title={title}
          testId="api-mutations"
        />
      }
      tools={
        <>
          <FilterInput
            value={state.term}
            onCommit={(term) => onChange({ q: term })}
            delayMs={MUTATION_FILTER_DEBOUNCE_MS}
            placeholder="Filter mutations by variant, gene, class or study..."
            label="Filter mutations"
            testId="mutations-filter"
          />
          <SelectControl
            value={state.mode}
            options={MUTATION_MODE_OPTIONS}
            onChange={(mode) => onChange({ mode })}
            label="Mutation mode"
            testId="mutations-mode"
          />
        </>
      }
      summary={
        pagination && (
          <>
            {countOf(pagination.totalFiltered, "mutation")}
            {state.term && <> matching “{state.term}”</>} · {formatCount(pagination.total)} in total,{" "}
            {formatCount(pagination.totalConsensus)} in consensus genes ({pagination.consensusPercentage}%)
          </>
        )
      }
      pages={pagination}
      pageSize={state.pageSize}
      onChange={onChange}
    >
      <div className="card-grid cols-3">
        {mutations.map((mutation) => (
          <MutationCard key={mutation.id} mutation={mutation} term={state.term} showDisease={showDisease} />
        ))}
      </div>
    </DetailTabFrame>
  );
}
