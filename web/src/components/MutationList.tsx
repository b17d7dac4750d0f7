import type { ReactNode } from "react";
import type { MutationPaginationFieldsFragment } from "../gql/graphql";
import { MUTATION_FILTER_DEBOUNCE_MS, MUTATION_MODE_OPTIONS, type MutationMode } from "../lib/cardTabState";
import { formatCount } from "../lib/format";
import { countOf } from "../lib/plural";
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

/**
 * A mutations tab (disease and publication cards): filter, mode, page size, summary, pager and
 * 3-column cards. The caller runs its own query and passes the page it got and its API button.
 */
export function MutationList({
  page,
  loading,
  error,
  emptyText,
  api,
  state,
  onChange,
  showDisease = false,
}: {
  page: MutationListPage | null | undefined;
  loading: boolean;
  error: unknown;
  emptyText: string;
  api: ReactNode;
  state: MutationListState;
  onChange: (change: Record<string, string | number | null>) => void;
  showDisease?: boolean;
}) {
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
      actions={api}
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
