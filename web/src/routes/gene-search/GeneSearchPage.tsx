import { useQuery } from "@apollo/client/react";
import { useMemo, useRef, useState } from "react";
import { SearchResultsHead } from "../../components/entity-search/SearchResultsHead";
import { HighlightToggle } from "../../components/HighlightToggle";
import { OtherSearches } from "../../components/OtherSearches";
import { Pager } from "../../components/Pager";
import { SearchBox } from "../../components/SearchBox";
import { Spinner } from "../../components/Spinner";
import { useDebugToggle } from "../../hooks/useDebugToggle";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useUrlSearch } from "../../hooks/useUrlSearch";
import { describeError } from "../../lib/errors";
import { consensusKey } from "../../lib/format";
import { type GeneTabKey, parseOpenParam, serializeOpenParam } from "../../lib/geneTabs";
import { proteinLookupMessage } from "../../lib/proteinSearch";
import { DebugPanel } from "./DebugPanel";
import { GeneCard } from "./GeneCard";
import { consensusIdsQuery, geneSearchQuery } from "./geneSearch.queries";
import "../../components/entity-search/searchPage.css";

export const GENE_SEARCH_PAGE_SIZE = 10;

/** The same term submitted again keeps the expanded cards (and goes back to the first page). */
const KEEP_ON_RESUBMIT = ["open"];

/**
 * Gene Search (spec 1 §2.6). The address holds the view: q (term), page, and
 * open (expanded cards with their tab, e.g. open=1:papers), so a reload or a
 * shared link shows the same thing.
 */
export default function GeneSearchPage() {
  useDocumentTitle("Gene Search");
  const urlSearch = useUrlSearch({ keepOnResubmit: KEEP_ON_RESUBMIT });
  const { params, setParams, q, page } = urlSearch;
  const open = useMemo(() => parseOpenParam(params.get("open")), [params]);

  const [highlight, setHighlight] = useState(true);
  const [debugOpen, setDebugOpen] = useDebugToggle();
  /** The last tab of each card, remembered while it is collapsed. */
  const lastTab = useRef(new Map<number, GeneTabKey>());

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
          value={urlSearch.input}
          onChange={urlSearch.onInput}
          onSubmit={urlSearch.submit}
          onClear={() => urlSearch.submit("")}
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
          <SearchResultsHead
            noun="gene"
            pagination={pagination}
            query={geneSearchQuery}
            variables={searchVariables}
            rest="/api/gene/search"
          />
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
            onChange={urlSearch.setPage}
            label="Search result pages"
          />
        )}
      </section>

      <OtherSearches waiting={Boolean(q && search.loading && !shown)} />
    </div>
  );
}
