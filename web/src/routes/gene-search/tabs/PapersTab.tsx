import { useQuery } from "@apollo/client/react";
import { useEffect, useId, useMemo, useState } from "react";
import { ExternalLink } from "../../../components/ExternalLink";
import { Highlight } from "../../../components/Highlight";
import { HighlightToggle } from "../../../components/HighlightToggle";
import { Pager } from "../../../components/Pager";
import { SyntheticTag } from "../../../components/SyntheticTag";
import type { GenePapersQuery } from "../../../gql/graphql";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { externalUrl } from "../../../lib/links";
import { SEARCH_MAX_LENGTH } from "../../../lib/searchInput";
import { genePapersQuery, localisationsQuery } from "../geneSearch.queries";
import { geneTabDef } from "../geneTabDefs";
import { PubMedLink } from "./PubMedLink";
import { EmptyText, Field, TabFrame } from "./TabFrame";

type Paper = NonNullable<GenePapersQuery["gene"]>["papers"][number];

const PAPER_FILTER_DEBOUNCE_MS = 600;
const PAGE_SIZE = 12;

/** Case-insensitive substring over the paper's searchable fields (spec 1 §5). */
function paperMatches(paper: Paper, needle: string): boolean {
  if (!needle) return true;
  const haystack = [
    paper.name,
    paper.description,
    paper.pmid,
    paper.year,
    paper.title,
    paper.dataset,
    paper.species?.name,
    paper.brainRegion?.name,
    paper.localisation?.name,
    paper.method?.name,
  ];
  return haystack.some(
    (value) => value !== null && value !== undefined && String(value).toLowerCase().includes(needle),
  );
}

function PaperCard({ paper, term, highlight }: { paper: Paper; term: string; highlight: boolean }) {
  const heading = paper.title?.trim() || paper.name;
  const h = (text: string | number | null | undefined) => (
    <Highlight text={text} term={term} enabled={highlight} />
  );
  return (
    <article
      className={`mini-card paper-card${paper.isSynthetic ? " is-synthetic" : ""}`}
      data-testid="paper-card"
    >
      <header className="mini-card-header">
        <h4 className="mini-card-title">{h(heading)}</h4>
        {paper.isSynthetic && <SyntheticTag />}
      </header>
      {paper.title?.trim() && <p className="mini-card-sub">{h(paper.name)}</p>}
      {paper.description && <p className="mini-card-desc">{h(paper.description)}</p>}
      <dl className="fields">
        <Field label="PubMed ID">
          <PubMedLink pmid={paper.pmid} />
        </Field>
        <Field label="Year">{h(paper.year)}</Field>
        <Field label="Dataset">{h(paper.dataset)}</Field>
        <Field label="Species">
          {paper.species ? (
            <>
              {h(paper.species.name)}
              {paper.species.sciName && <em className="muted"> ({paper.species.sciName})</em>}
            </>
          ) : (
            "N/A"
          )}
        </Field>
        <Field label="Brain Region">
          {paper.brainRegion ? (
            <>
              {h(paper.brainRegion.name)}
              {paper.brainRegion.interlexId && (
                <>
                  {" "}
                  <ExternalLink
                    href={externalUrl("interlex", paper.brainRegion.interlexId)}
                    className="small"
                  >
                    {paper.brainRegion.interlexId}
                  </ExternalLink>
                </>
              )}
            </>
          ) : (
            "N/A"
          )}
        </Field>
        <Field label="Localisation">{paper.localisation ? h(paper.localisation.name) : "N/A"}</Field>
        <Field label="Method">{paper.method ? h(paper.method.name) : "N/A"}</Field>
      </dl>
    </article>
  );
}

export function PapersTab({ geneId }: { geneId: number }) {
  const def = geneTabDef("papers");
  const variables = { id: geneId };
  const { data, loading, error, refetch } = useQuery(genePapersQuery, { variables });
  const localisations = useQuery(localisationsQuery);
  const [localisation, setLocalisation] = useState("");
  const [filterText, setFilterText] = useState("");
  const [highlight, setHighlight] = useState(true);
  const debouncedFilter = useDebouncedValue(filterText, PAPER_FILTER_DEBOUNCE_MS);
  const needle = debouncedFilter.trim().toLowerCase();
  const selectId = useId();
  const filterId = useId();

  const papers = data?.gene?.papers;
  const filtered = useMemo(
    () =>
      (papers ?? [])
        .map((paper, index) => ({ paper, key: `${paper.pmid}-${index}` }))
        .filter(
          ({ paper }) =>
            (!localisation || paper.localisation?.name === localisation) && paperMatches(paper, needle),
        ),
    [papers, localisation, needle],
  );
  const uniquePmids = useMemo(() => new Set(filtered.map(({ paper }) => paper.pmid)).size, [filtered]);
  const [page, setPage] = useState(1);
  // Any change of the filters goes back to the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when a filter changes
  useEffect(() => setPage(1), [localisation, needle]);
  const visible = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const tools = (
    <>
      <label htmlFor={selectId} className="visually-hidden">
        Localisation
      </label>
      <select
        id={selectId}
        className="select"
        value={localisation}
        onChange={(event) => setLocalisation(event.target.value)}
        data-testid="papers-localisation"
      >
        <option value="">All localizations</option>
        {(localisations.data?.localisations ?? []).map((item) => (
          <option key={item.id} value={item.name}>
            {item.name.replace(/_/g, " ")}
          </option>
        ))}
      </select>
      <label htmlFor={filterId} className="visually-hidden">
        Filter papers
      </label>
      <input
        id={filterId}
        type="search"
        maxLength={SEARCH_MAX_LENGTH}
        className="input"
        placeholder="Filter papers..."
        value={filterText}
        onChange={(event) => setFilterText(event.target.value)}
        data-testid="papers-filter"
      />
      <HighlightToggle on={highlight} onChange={setHighlight} testId="papers-highlight" />
    </>
  );

  return (
    <TabFrame
      def={def}
      geneId={geneId}
      api={{ document: genePapersQuery, variables }}
      loading={loading}
      error={error}
      onRetry={() => refetch().catch(() => undefined)}
      hasData={papers !== undefined}
      tools={tools}
      summary={
        papers !== undefined && papers.length > 0 ? (
          <p
            className="tab-summary"
            data-testid="papers-count"
            data-filtered={filtered.length}
            data-total={papers.length}
          >
            {filtered.length === papers.length
              ? `${papers.length} publication records`
              : `${filtered.length} of ${papers.length} publication records match`}{" "}
            ({uniquePmids} unique PubMed IDs)
            {filtered.length > PAGE_SIZE && `, ${PAGE_SIZE} per page`}
          </p>
        ) : null
      }
    >
      {papers && papers.length === 0 && <EmptyText>No publications for this gene.</EmptyText>}
      {papers && papers.length > 0 && filtered.length === 0 && (
        <EmptyText>No publications match your filters.</EmptyText>
      )}
      {visible.length > 0 && (
        <div className="card-grid">
          {visible.map(({ paper, key }) => (
            <PaperCard key={key} paper={paper} term={needle} highlight={highlight} />
          ))}
        </div>
      )}
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={filtered.length}
        onChange={setPage}
        label="Publication pages"
      />
    </TabFrame>
  );
}
