import { useQuery } from "@apollo/client/react";
import { useEffect, useMemo, useState } from "react";
import { SelectControl } from "../../../../components/DetailControls";
import { ExternalLink } from "../../../../components/ExternalLink";
import { Field } from "../../../../components/GeneFields";
import { genePapersQuery } from "../../../../components/genePapers.queries";
import { Highlight } from "../../../../components/Highlight";
import { HighlightToggle } from "../../../../components/HighlightToggle";
import { Pager } from "../../../../components/Pager";
import { PubMedLink } from "../../../../components/PubMedLink";
import { SearchField } from "../../../../components/SearchField";
import { SectionHeading } from "../../../../components/SectionHeading";
import { SyntheticTag } from "../../../../components/SyntheticTag";
import type { GenePapersQuery } from "../../../../gql/graphql";
import { firstPageRequest, useAllPages } from "../../../../hooks/useAllPages";
import { useDebouncedValue } from "../../../../hooks/useDebouncedValue";
import { externalUrl } from "../../../../lib/links";
import { pageQuery } from "../../../../lib/pageQuery";
import { EmptyText, TabFrame } from "../TabFrame";
import { papersTab } from "./definition";
import { localisationsQuery } from "./papers.queries";

/** One study of the gene: the paper with its context (one per brain region and compartment). */
type Study = NonNullable<GenePapersQuery["gene"]>["paperConnection"]["edges"][number];

const PAPER_FILTER_DEBOUNCE_MS = 600;
const PAGE_SIZE = 12;

/** Case-insensitive substring over the paper's searchable fields (spec 1 §5). */
function studyMatches({ paper, ...context }: Study, needle: string): boolean {
  if (!needle) return true;
  const haystack = [
    paper.name,
    paper.description,
    paper.pmid,
    paper.year,
    paper.title,
    context.dataset,
    context.species?.name,
    context.brainRegion?.name,
    context.compartment?.name,
    context.method?.name,
  ];
  return haystack.some(
    (value) => value !== null && value !== undefined && String(value).toLowerCase().includes(needle),
  );
}

function PaperCard({ study, term, highlight }: { study: Study; term: string; highlight: boolean }) {
  const { paper, ...context } = study;
  const heading = paper.title?.trim() || paper.name;
  const h = (text: string | number | null | undefined) => (
    <Highlight text={text} term={term} enabled={highlight} />
  );
  return (
    <article className={`mini-card${context.isSynthetic ? " is-synthetic" : ""}`} data-testid="paper-card">
      <header className="mini-card-header">
        <SectionHeading className="mini-card-title">{h(heading)}</SectionHeading>
        {context.isSynthetic && <SyntheticTag />}
      </header>
      {paper.title?.trim() && <p className="mini-card-sub">{h(paper.name)}</p>}
      {paper.description && <p className="mini-card-desc">{h(paper.description)}</p>}
      <dl className="fields">
        <Field label="PubMed ID">
          <PubMedLink pmid={paper.pmid} />
        </Field>
        <Field label="Year">{h(paper.year)}</Field>
        <Field label="Dataset">{h(context.dataset)}</Field>
        <Field label="Species">
          {context.species ? (
            <>
              {h(context.species.name)}
              {context.species.sciName && <em className="muted"> ({context.species.sciName})</em>}
            </>
          ) : (
            "N/A"
          )}
        </Field>
        <Field label="Brain Region">
          {context.brainRegion ? (
            <>
              {h(context.brainRegion.name)}
              {context.brainRegion.interlexId && (
                <>
                  {" "}
                  <ExternalLink
                    href={externalUrl("interlex", context.brainRegion.interlexId)}
                    className="small"
                  >
                    {context.brainRegion.interlexId}
                  </ExternalLink>
                </>
              )}
            </>
          ) : (
            "N/A"
          )}
        </Field>
        <Field label="Localisation">{context.compartment ? h(context.compartment.name) : "N/A"}</Field>
        <Field label="Method">{context.method ? h(context.method.name) : "N/A"}</Field>
      </dl>
    </article>
  );
}

/** The tab's queries (the gene's page preloads them: tabs/index.ts): its studies' first page, the filter's choices. */
export const papersTabRequests = (geneId: number) => ({
  papers: firstPageRequest(genePapersQuery, { id: geneId }),
  localisations: pageQuery(localisationsQuery, {}),
});

export function PapersTab({ geneId }: { geneId: number }) {
  const requests = papersTabRequests(geneId);
  const {
    items: papers,
    loading,
    error,
    refetch,
    variables,
  } = useAllPages(requests.papers, (data) => data.gene?.paperConnection);
  const localisations = useQuery(requests.localisations.query, {
    variables: requests.localisations.variables,
  });
  const [localisation, setLocalisation] = useState("");
  const [filterText, setFilterText] = useState("");
  const [highlight, setHighlight] = useState(true);
  const debouncedFilter = useDebouncedValue(filterText, PAPER_FILTER_DEBOUNCE_MS);
  const needle = debouncedFilter.trim().toLowerCase();

  const filtered = useMemo(
    () =>
      (papers ?? [])
        .map((study, index) => ({ study, key: `${study.paper.pmid}-${index}` }))
        .filter(
          ({ study }) =>
            (!localisation || study.compartment?.name === localisation) && studyMatches(study, needle),
        ),
    [papers, localisation, needle],
  );
  const uniquePmids = useMemo(() => new Set(filtered.map(({ study }) => study.paper.pmid)).size, [filtered]);
  const [page, setPage] = useState(1);
  // Any change of the filters goes back to the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on purpose when a filter changes
  useEffect(() => setPage(1), [localisation, needle]);
  const visible = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const tools = (
    <>
      <SelectControl
        value={localisation}
        options={[
          { value: "", label: "All localizations" },
          ...(localisations.data?.localisations ?? []).map((item) => ({
            value: item.name,
            label: item.name.replace(/_/g, " "),
          })),
        ]}
        onChange={setLocalisation}
        label="Localisation"
        testId="papers-localisation"
      />
      <SearchField
        label="Filter papers"
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
      def={papersTab}
      geneId={geneId}
      api={{ document: genePapersQuery, variables }}
      loading={loading}
      error={error}
      onRetry={refetch}
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
          {visible.map(({ study, key }) => (
            <PaperCard key={key} study={study} term={needle} highlight={highlight} />
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
