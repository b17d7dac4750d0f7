import { useQuery } from "@apollo/client/react";
import { ApiButton } from "../../../components/ApiButton";
import { FilterInput, PageSizeSelect, SelectControl } from "../../../components/DetailControls";
import { DetailTabFrame } from "../../../components/DetailTabFrame";
import { MutationCard } from "../../../components/MutationCard";
import {
  MUTATION_FILTER_DEBOUNCE_MS,
  MUTATION_MODE_OPTIONS,
  type MutationMode,
} from "../../../lib/cardTabState";
import { formatCount } from "../../../lib/format";
import { restPath } from "../../../lib/restPath";
import { paperMutationsQuery } from "../paperSearch.queries";

export interface PaperMutationsState {
  page: number;
  pageSize: number;
  term: string;
  mode: MutationMode;
}

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
  const variables = { pmid, ...state };
  const { data, previousData, loading, error } = useQuery(paperMutationsQuery, { variables });
  const result = (data ?? (loading ? previousData : undefined))?.paper?.mutations;
  const pagination = result?.pagination;
  const mutations = result?.mutations ?? [];
  return (
    <DetailTabFrame
      name="mutations"
      loading={loading}
      error={error}
      hasData={result !== undefined}
      isEmpty={mutations.length === 0}
      emptyText="No mutations associated with this publication."
      actions={
        <ApiButton
          document={paperMutationsQuery}
          variables={variables}
          restUrl={restPath("/api/paper/mutations/filter", { pmid, ...state })}
          title={`mutations of PMID ${pmid}`}
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
          <PageSizeSelect
            value={state.pageSize}
            onChange={(size) => onChange({ size })}
            testId="mutations-page-size"
          />
        </>
      }
      summary={
        pagination && (
          <p className="tab-summary" data-testid="mutations-summary">
            {formatCount(pagination.totalFiltered)} mutation{pagination.totalFiltered === 1 ? "" : "s"}
            {state.term && <> matching “{state.term}”</>} · {formatCount(pagination.total)} in total,{" "}
            {formatCount(pagination.totalConsensus)} in consensus genes ({pagination.consensusPercentage}%)
            {pagination.totalPages > 1 && (
              <>
                {" "}
                · page {pagination.page} of {pagination.totalPages}
              </>
            )}
          </p>
        )
      }
      pager={
        pagination && {
          page: pagination.page,
          pageSize: pagination.pageSize,
          total: pagination.totalFiltered,
          onChange: (page) => onChange({ page }),
        }
      }
    >
      <div className="card-grid cols-3">
        {mutations.map((mutation) => (
          <MutationCard key={mutation.id} mutation={mutation} term={state.term} showDisease />
        ))}
      </div>
    </DetailTabFrame>
  );
}
