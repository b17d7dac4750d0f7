import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { ApiButton } from "../../components/ApiButton";
import { HighlightToggle } from "../../components/HighlightToggle";
import { OtherSearches } from "../../components/OtherSearches";
import { Pager } from "../../components/Pager";
import { SearchBox } from "../../components/SearchBox";
import { SearchDebugPanel } from "../../components/SearchDebugPanel";
import { Spinner } from "../../components/Spinner";
import { useDebugToggle } from "../../hooks/useDebugToggle";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useUrlSearch } from "../../hooks/useUrlSearch";
import {
  cardKeys,
  parseGeneMode,
  parseMutationMode,
  readTabParams,
  withTabChange,
  withTabSwitch,
} from "../../lib/cardTabState";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { restPath } from "../../lib/restPath";
import "../../components/detailSearch.css";
import { countOf } from "../../lib/plural";
import { isPaperTabKey, PAPER_TAB_PREFIX, PaperCard, type PaperTabKey, type TabChange } from "./PaperCard";
import { paperSearchQuery } from "./paperSearch.queries";

export const PAPER_SEARCH_PAGE_SIZE = 10;
const CARD_KEYS = cardKeys(Object.values(PAPER_TAB_PREFIX), ["gloc"]);

/**
 * Publication Search (spec 1 §2.8). The address holds the view: q, page, open (the
 * expanded card's PMID), tab, and per tab its page, size, filter and mode (gpage,
 * gsize, gq, gmode, gloc; mpage, msize, mq, mmode).
 */
export default function PaperSearchPage() {
  useDocumentTitle("Synapse Proteomic Publication Search");
  const search = useUrlSearch();
  const { params, setParams, q, page } = search;
  const [highlight, setHighlight] = useState(true);
  const [debugOpen, setDebugOpen] = useDebugToggle();

  const openPmid = Number(params.get("open"));
  const open = Number.isInteger(openPmid) && openPmid > 0 ? openPmid : null;
  const tabParam = params.get("tab");
  const activeTab: PaperTabKey = isPaperTabKey(tabParam) ? tabParam : "genes";
  const genes = {
    ...readTabParams(params, "g"),
    mode: parseGeneMode(params.get("gmode")),
    localization: params.get("gloc") ?? "",
  };
  const mutations = { ...readTabParams(params, "m"), mode: parseMutationMode(params.get("mmode")) };

  const variables = { q, page, pageSize: PAPER_SEARCH_PAGE_SIZE };
  const result = useQuery(paperSearchQuery, { variables, skip: !q });
  const current = q && !result.error ? result.data?.paperSearch : undefined;
  const shown =
    q && !result.error
      ? (result.data ?? (result.loading ? result.previousData : undefined))?.paperSearch
      : undefined;
  const papers = shown?.papers ?? [];
  const pagination = current?.pagination;

  const update = (mutate: (next: URLSearchParams) => URLSearchParams) =>
    setParams((currentParams) => mutate(new URLSearchParams(currentParams)), {
      replace: true,
      preventScrollReset: true,
    });

  const toggleCard = (pmid: number) =>
    update((next) => {
      for (const key of CARD_KEYS) next.delete(key);
      if (next.get("open") === String(pmid)) next.delete("open");
      else next.set("open", String(pmid));
      return next;
    });

  const selectTab = (pmid: number, tab: PaperTabKey) =>
    update((next) => {
      if (next.get("open") !== String(pmid)) {
        for (const key of CARD_KEYS) next.delete(key);
        next.set("open", String(pmid));
        next.set("tab", tab);
        return next;
      }
      const from = next.get("tab");
      const fromTab: PaperTabKey = isPaperTabKey(from) ? from : "genes";
      return withTabSwitch(next, fromTab === tab ? null : PAPER_TAB_PREFIX[fromTab], tab);
    });

  const changeTab = (tab: PaperTabKey, change: TabChange) =>
    update((next) => withTabChange(next, PAPER_TAB_PREFIX[tab], change));

  const pager = (position: "top" | "bottom") =>
    pagination && pagination.totalPages > 1 ? (
      <Pager
        page={pagination.page}
        pageSize={pagination.pageSize}
        total={pagination.total}
        onChange={search.setPage}
        label={`Search result pages (${position})`}
        testId={`results-pager-${position}`}
      />
    ) : null;

  return (
    <div className="page gene-search paper-search" data-testid="paper-search-page">
      <header className="page-header search-header">
        <h1>Synapse Proteomic Publication Search</h1>
        <p className="page-subtitle">Find Synapse proteomics studies exploring gene-mutation interactions.</p>
      </header>

      <section className="search-panel" aria-label="Publication search">
        <SearchBox
          value={search.input}
          onChange={search.onInput}
          onSubmit={search.submit}
          onClear={() => search.submit("")}
          placeholder="Search by Publication title, PMID or Year..."
          label="Search publications"
          autoFocus={!q}
          testId="paper-search-box"
          suggest="paper"
        />
        <div className="search-meta">
          <p className="search-hint">Accepted keywords [PubMed ID, Publication title, Year, Description]</p>
          <HighlightToggle on={highlight} onChange={setHighlight} testId="results-highlight" />
        </div>
        {result.error && (
          <p className="error-text" role="alert" data-testid="search-error">
            Search error: {describeError(result.error)}
          </p>
        )}
      </section>

      {debugOpen && (
        <SearchDebugPanel
          title="publication search"
          items={papers}
          ids={papers.map((paper) => paper.pmid)}
          facts={[
            { label: "Term", value: q || "—" },
            { label: "Results", value: pagination ? formatCount(pagination.total) : "—" },
            { label: "Expanded card", value: open ?? "—" },
          ]}
          onClose={() => setDebugOpen(false)}
        />
      )}

      <section className="results" aria-live="polite" aria-busy={result.loading} data-testid="paper-results">
        {q && result.loading && !shown && <Spinner label={`Searching for "${q}"...`} />}
        {current && pagination && (
          <div className="results-head">
            <p className="results-count" data-testid="results-count">
              {pagination.total === 0 ? (
                <>
                  No publications found for <strong>“{q}”</strong>.
                </>
              ) : (
                <>
                  {countOf(pagination.total, "publication")} found for <strong>“{q}”</strong>
                  {pagination.totalPages > 1 && (
                    <span className="muted">
                      {" "}
                      · page {pagination.page} of {pagination.totalPages}
                    </span>
                  )}
                </>
              )}
            </p>
            <ApiButton
              document={paperSearchQuery}
              variables={variables}
              restUrl={restPath("/api/paper/search", variables)}
              title={`publication search for “${q}”`}
              testId="api-search"
            />
          </div>
        )}
        {pager("top")}
        {papers.length > 0 && (
          <ol className={`gene-list${result.loading ? " is-stale" : ""}`}>
            {papers.map((paper) => (
              <li key={paper.pmid}>
                <PaperCard
                  paper={paper}
                  term={q}
                  highlight={highlight}
                  expanded={open === paper.pmid}
                  activeTab={open === paper.pmid ? activeTab : "genes"}
                  genes={genes}
                  mutations={mutations}
                  onToggle={() => toggleCard(paper.pmid)}
                  onSelectTab={(tab) => selectTab(paper.pmid, tab)}
                  onChange={changeTab}
                />
              </li>
            ))}
          </ol>
        )}
        {pager("bottom")}
      </section>

      <OtherSearches waiting={Boolean(q && result.loading && !shown)} />
    </div>
  );
}
