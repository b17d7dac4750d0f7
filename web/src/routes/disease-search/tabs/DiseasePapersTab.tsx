import { useQuery } from "@apollo/client/react";
import { ApiButton } from "../../../components/ApiButton";
import { FilterInput } from "../../../components/DetailControls";
import { DetailTabFrame } from "../../../components/DetailTabFrame";
import { Highlight } from "../../../components/Highlight";
import { PubMedLink } from "../../../components/PubMedLink";
import { SectionHeading } from "../../../components/SectionHeading";
import { SyntheticTag } from "../../../components/SyntheticTag";
import { PAPER_FILTER_DEBOUNCE_MS, type TabParams } from "../../../lib/cardTabState";
import { formatCount } from "../../../lib/format";
import { pageQuery } from "../../../lib/pageQuery";
import { countOf } from "../../../lib/plural";
import { restPath } from "../../../lib/restPath";
import { diseasePapersQuery } from "../diseaseSearch.queries";

/** The tab's query for a state of it (the record page preloads it: disease.definition.tsx). */
export const diseasePapersRequest = (hdoid: string, state: TabParams) =>
  pageQuery(diseasePapersQuery, { hdoid, ...state });

/** The studies behind a disease's data, 4 columns (spec 1 §2.7). */
export function DiseasePapersTab({
  hdoid,
  state,
  onChange,
}: {
  hdoid: string;
  state: TabParams;
  onChange: (change: Record<string, string | number | null>) => void;
}) {
  const { variables } = diseasePapersRequest(hdoid, state);
  const { data, previousData, loading, error } = useQuery(diseasePapersQuery, { variables });
  const result = (data ?? (loading ? previousData : undefined))?.disease?.papers;
  const pagination = result?.pagination;
  const papers = result?.papers ?? [];
  return (
    <DetailTabFrame
      name="papers"
      loading={loading}
      error={error}
      hasData={result !== undefined}
      isEmpty={papers.length === 0}
      emptyText="No publications associated with this disease."
      actions={
        <ApiButton
          document={diseasePapersQuery}
          variables={variables}
          restUrl={restPath("/api/disease/papers/filter", { hdoid, ...state })}
          title={`publications of ${hdoid}`}
          testId="api-papers"
        />
      }
      tools={
        <FilterInput
          value={state.term}
          onCommit={(term) => onChange({ q: term })}
          delayMs={PAPER_FILTER_DEBOUNCE_MS}
          lowercase
          placeholder="Filter publications by PMID, year, name or title..."
          label="Filter publications"
          testId="papers-filter"
        />
      }
      summary={
        pagination && (
          <>
            {formatCount(pagination.totalFiltered)} of {countOf(pagination.total, "publication")}
          </>
        )
      }
      pages={pagination}
      pageSize={state.pageSize}
      onChange={onChange}
    >
      <div className="card-grid cols-4">
        {papers.map((paper) => (
          <article
            key={paper.pmid}
            className={`mini-card${paper.isSynthetic ? " is-synthetic" : ""}`}
            data-testid="disease-paper-card"
          >
            <header className="mini-card-header">
              <SectionHeading className="mini-card-title">
                <Highlight text={paper.paperTitle || paper.name} term={state.term} />
              </SectionHeading>
              {paper.isSynthetic && <SyntheticTag />}
            </header>
            <p className="mini-card-sub">
              <Highlight text={paper.name} term={state.term} />
            </p>
            <dl className="fields">
              <div className="field">
                <dt>PubMed ID</dt>
                <dd>
                  <PubMedLink pmid={paper.pmid} />
                </dd>
              </div>
              <div className="field">
                <dt>Year</dt>
                <dd>
                  <Highlight text={paper.year} term={state.term} />
                </dd>
              </div>
            </dl>
            {paper.description && (
              <p className="mini-card-desc clamp-3">
                <Highlight text={paper.description} term={state.term} />
              </p>
            )}
          </article>
        ))}
      </div>
    </DetailTabFrame>
  );
}
