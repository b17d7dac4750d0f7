import { useQuery } from "@apollo/client/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { ApiButton } from "../../components/ApiButton";
import { HighlightToggle } from "../../components/HighlightToggle";
import { OtherSearches } from "../../components/OtherSearches";
import { Pager } from "../../components/Pager";
import { SearchBox } from "../../components/SearchBox";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { describeError } from "../../lib/errors";
import { consensusKey } from "../../lib/format";
import { type GeneTabKey, parseOpenParam, parsePageParam, serializeOpenParam } from "../../lib/geneTabs";
import { countOf } from "../../lib/plural";
import { proteinLookupMessage } from "../../lib/proteinSearch";
import { clampSearchTerm } from "../../lib/searchInput";
import { DebugPanel } from "./DebugPanel";
import { GeneCard } from "./GeneCard";
import { consensusIdsQuery, geneSearchQuery } from "./geneSearch.queries";
import "../../components/entity-search/searchPage.css";

export const GENE_SEARCH_PAGE_SIZE = 10;

/** The search results in the REST API. */
function geneSearchRestPath(variables: { q: string; page: number; pageSize: number }): string {
  const params = new URLSearchParams({
    q: variables.q,
    page: String(variables.page),
    pageSize: String(variables.pageSize),
  });
  return `/api/gene/search?${params.toString()}`;
}
/** Typing starts a search after this pause (spec 1 §9). */
export const FULL_SEARCH_DEBOUNCE_MS = 500;

/**
 * Gene Search (spec 1 §2.6). The address holds the view: q (term), page, and
 * open (expanded cards with their tab, e.g. open=1:papers), so a reload or a
 * shared link shows the same thing.
 */
export default function GeneSearchPage() {
  useDocumentTitle("Gene Search");
  const [params, setParams] = useSearchParams();
  const q = clampSearchTerm(params.get("q"));
  const page = parsePageParam(params.get("page"));
  const open = useMemo(() => parseOpenParam(params.get("open")), [params]);

  const [input, setInput] = useState(q);
  const [highlight, setHighlight] = useState(true);
  const [debugOpen, setDebugOpen] = useState(false);
  /** The last tab of each card, remembered while it is collapsed. */
  const lastTab = useRef(new Map<number, GeneTabKey>());
  const userTyped = useRef(false);

  // Keep the box in step with the address (navigation-bar search, back/forward).
  useEffect(() => {
    userTyped.current = false;
    setInput(q);
  }, [q]);

  const runSearch = useCallback(
    (term: string, replace = false) => {
      const value = term.trim();
      setParams(
        (current) => {
          const next = new URLSearchParams();
          if (value) next.set("q", value);
          // Keep expanded cards when the same term is submitted again.
          if (value && value === current.get("q") && current.get("open"))
            next.set("open", current.get("open")!);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  // Typing starts a search after a 500 ms pause; Enter or the button search at once.
  useEffect(() => {
    if (!userTyped.current) return;
    const value = input.trim();
    if (value === q) return;
    const timer = setTimeout(() => runSearch(value, true), FULL_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, q, runSearch]);

  // Ctrl+Shift+D toggles the debug panel.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === "d") {
        event.preventDefault();
        setDebugOpen((value) => !value);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // One search: the server adds the genes of the term's protein-name lookup to the normal matches,
  // in one ranked list (README "Search"), and says which genes only the lookup found.
  const searchVariables = { q, page, pageSize: GENE_SEARCH_PAGE_SIZE };
  const search = useQuery(geneSearchQuery, { variables: searchVariables, skip: !q });
  const consensus = useQuery(consensusIdsQuery);
  const consensusSet = useMemo(
    () => new Set((consensus.data?.consensusGeneEntrezIds ?? []).map(consensusKey)),
    [consensus.data],
  );

  // While a new search loads, the previous cards stay (dimmed); after an error they go.
  const currentResult = q && !search.error ? search.data?.geneSearch : undefined;
  const shown =
    q && !search.error
      ? (search.data ?? (search.loading ? search.previousData : undefined))?.geneSearch
      : undefined;
  const genes = shown?.genes ?? [];
  const pagination = currentResult?.pagination;
  const proteinDerived = new Set((shown?.matches ?? []).filter((m) => m.proteinDerived).map((m) => m.geneId));
  const lookup = currentResult?.proteinLookup;
  const lookupMessage = lookup ? proteinLookupMessage(lookup) : null;

  const updateOpen = (mutate: (next: Map<number, GeneTabKey>) => void) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const map = parseOpenParam(current.get("open"));
        mutate(map);
        const value = serializeOpenParam(map);
        if (value) next.set("open", value);
        else next.delete("open");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const toggleCard = (geneId: number) => {
    updateOpen((map) => {
      if (map.has(geneId)) {
        lastTab.current.set(geneId, map.get(geneId)!);
        map.delete(geneId);
      } else {
        // The first expansion selects the papers tab.
        map.set(geneId, lastTab.current.get(geneId) ?? "papers");
      }
    });
  };

  const selectTab = (geneId: number, tab: GeneTabKey) => {
    lastTab.current.set(geneId, tab);
    updateOpen((map) => {
      map.set(geneId, tab);
    });
  };

  const setPage = (nextPage: number) => {
    setParams((current) => {
      const next = new URLSearchParams();
      const term = current.get("q");
      if (term) next.set("q", term);
      if (nextPage > 1) next.set("page", String(nextPage));
      return next;
    });
  };

  const isConsensus = (gene: (typeof genes)[number]) =>
    gene.isConsensus || consensusSet.has(consensusKey(gene.humanEntrez));

  return (
    <div className="page" data-testid="gene-search-page">
      <header className="page-header search-header">
        <h1>Gene Search</h1>
        <p className="page-subtitle">Find and explore gene information and related pathways.</p>
      </header>

      <section className="search-panel" aria-label="Gene search">
        <SearchBox
          value={input}
          onChange={(value) => {
            userTyped.current = true;
            setInput(value);
          }}
          onSubmit={(value) => {
            userTyped.current = false;
            runSearch(value);
          }}
          onClear={() => {
            userTyped.current = false;
            runSearch("");
          }}
          placeholder="Search by gene name or ID..."
          label="Search genes"
          suggest="gene"
          italicGenes
          autoFocus={!q}
          testId="gene-search-box"
        />
        <div className="search-meta">
          <p className="search-hint">
            Accepted keywords [Gene Symbol, Protein, Human Entrez, Mouse Entrez, Rat Entrez, MGI ID]
          </p>
          <HighlightToggle on={highlight} onChange={setHighlight} testId="results-highlight" />
        </div>
        {lookupMessage && (
          <p className="search-hint" role="status" data-testid="protein-status">
            {lookupMessage}
          </p>
        )}
        {search.error && (
          <p className="error-text" role="alert" data-testid="search-error">
            Search error: {describeError(search.error)}
          </p>
        )}
        {consensus.error && (
          <p className="error-text small">Failed to load consensus genes: {describeError(consensus.error)}</p>
        )}
      </section>

      {debugOpen && (
        <DebugPanel
          consensusIds={consensus.data?.consensusGeneEntrezIds}
          consensusSet={consensusSet}
          consensusError={consensus.error ? describeError(consensus.error) : undefined}
          genes={genes}
          onClose={() => setDebugOpen(false)}
        />
      )}

      <section aria-live="polite" aria-busy={search.loading} data-testid="gene-results">
        {q && search.loading && !shown && <Spinner label={`Searching for "${q}"...`} />}
        {q && search.loading && shown && (
          <div className="results-head">
            <span className="spinner is-small" aria-hidden="true" />
            <p className="results-count muted" role="status">
              Searching for “{q}”...
            </p>
          </div>
        )}
        {currentResult && pagination && !search.loading && (
          <div className="results-head">
            <p className="results-count" data-testid="results-count">
              {pagination.total === 0 ? (
                <>
                  No genes found for <strong>“{q}”</strong>.
                </>
              ) : (
                <>
                  {countOf(pagination.total, "gene")} found for <strong>“{q}”</strong>
                  {pagination.totalPages > 1 && (
                    <span className="muted">
                      {" "}
                      · page {pagination.page} of {pagination.totalPages}
                    </span>
                  )}
                </>
              )}
            </p>
            {search.loading && (
              <span className="spinner is-small" role="status" aria-label="Updating results" />
            )}
            <ApiButton
              document={geneSearchQuery}
              variables={searchVariables}
              restUrl={geneSearchRestPath(searchVariables)}
              title={`gene search for “${q}”`}
              testId="api-search"
            />
          </div>
        )}
        {genes.length > 0 && (
          <ol className={`gene-list${search.loading ? " is-stale" : ""}`}>
            {genes.map((gene) => {
              const expanded = open.has(gene.id);
              return (
                <li key={gene.id}>
                  <GeneCard
                    gene={gene}
                    term={q}
                    highlight={highlight}
                    isConsensus={isConsensus(gene)}
                    proteinDerived={proteinDerived.has(gene.id)}
                    expanded={expanded}
                    activeTab={open.get(gene.id) ?? lastTab.current.get(gene.id) ?? "papers"}
                    onToggle={() => toggleCard(gene.id)}
                    onSelectTab={(tab) => selectTab(gene.id, tab)}
                  />
                </li>
              );
            })}
          </ol>
        )}
        {pagination && (
          <Pager
            page={pagination.page}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onChange={setPage}
            label="Search result pages"
          />
        )}
      </section>

      <OtherSearches waiting={Boolean(q && search.loading && !shown)} />
    </div>
  );
}
