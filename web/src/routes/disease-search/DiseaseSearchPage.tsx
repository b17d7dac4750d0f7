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
import {
  DISEASE_TAB_PREFIX,
  DiseaseCard,
  type DiseaseTabKey,
  isDiseaseTabKey,
  type TabChange,
} from "./DiseaseCard";
import { diseaseSearchQuery } from "./diseaseSearch.queries";
import { GenePublicationsModal, type ModalGene } from "./GenePublicationsModal";

export const DISEASE_SEARCH_PAGE_SIZE = 10;
const CARD_KEYS = cardKeys(Object.values(DISEASE_TAB_PREFIX));

/**
 * Disease Search (spec 1 §2.7). The address holds the view: q, page, open (the
 * expanded card's HDOID), tab, and per tab its page, size, filter and mode
 * (gpage, gsize, gq, gmode; mpage...; ppage...), so a reload shows the same thing.
 */
export default function DiseaseSearchPage() {
  useDocumentTitle("Disease Search");
  const search = useUrlSearch();
  const { params, setParams, q, page } = search;
  const [highlight, setHighlight] = useState(true);
  const [debugOpen, setDebugOpen] = useDebugToggle();
  const [modalGene, setModalGene] = useState<ModalGene | null>(null);

  const open = params.get("open");
  const tabParam = params.get("tab");
  const activeTab: DiseaseTabKey = isDiseaseTabKey(tabParam) ? tabParam : "genes";
  const genes = { ...readTabParams(params, "g"), mode: parseGeneMode(params.get("gmode")) };
  const mutations = { ...readTabParams(params, "m"), mode: parseMutationMode(params.get("mmode")) };
  const papers = readTabParams(params, "p");

  const variables = { q, page, pageSize: DISEASE_SEARCH_PAGE_SIZE };
  const result = useQuery(diseaseSearchQuery, { variables, skip: !q });
  const current = q && !result.error ? result.data?.diseaseSearch : undefined;
  const shown =
    q && !result.error
      ? (result.data ?? (result.loading ? result.previousData : undefined))?.diseaseSearch
      : undefined;
  const diseases = shown?.diseases ?? [];
  const pagination = current?.pagination;

  const update = (mutate: (next: URLSearchParams) => URLSearchParams) =>
    setParams((currentParams) => mutate(new URLSearchParams(currentParams)), {
      replace: true,
      preventScrollReset: true,
    });

  /** Expanding a card starts on the genes tab in consensus mode; one card is open at a time. */
  const toggleCard = (hdoid: string) =>
    update((next) => {
      for (const key of CARD_KEYS) next.delete(key);
      if (next.get("open") === hdoid) next.delete("open");
      else next.set("open", hdoid);
      return next;
    });

  const selectTab = (hdoid: string, tab: DiseaseTabKey) =>
    update((next) => {
      if (next.get("open") !== hdoid) {
        for (const key of CARD_KEYS) next.delete(key);
        next.set("open", hdoid);
        next.set("tab", tab);
        return next;
      }
      const from = next.get("tab");
      const fromTab: DiseaseTabKey = isDiseaseTabKey(from) ? from : "genes";
      return withTabSwitch(next, fromTab === tab ? null : DISEASE_TAB_PREFIX[fromTab], tab);
    });

  const changeTab = (tab: DiseaseTabKey, change: TabChange) =>
    update((next) => withTabChange(next, DISEASE_TAB_PREFIX[tab], change));

  return (
    <div className="page gene-search disease-search" data-testid="disease-search-page">
      <header className="page-header search-header">
        <h1>Disease Search</h1>
        <p className="page-subtitle">Discover disease mechanisms and associated genetic disorders.</p>
      </header>

      <section className="search-panel" aria-label="Disease search">
        <SearchBox
          value={search.input}
          onChange={search.onInput}
          onSubmit={search.submit}
          onClear={() => search.submit("")}
          placeholder="Search by disease name, HDOID, or description..."
          label="Search diseases"
          autoFocus={!q}
          testId="disease-search-box"
          suggest="disease"
        />
        <div className="search-meta">
          <p className="search-hint">
            Accepted keywords [Human Disease Ontology Identifier (HDOID) , Disease Name/Description]
          </p>
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
          title="disease search"
          items={diseases}
          ids={diseases.map((disease) => disease.hdoid)}
          facts={[
            { label: "Term", value: q || "—" },
            { label: "Results", value: pagination ? formatCount(pagination.total) : "—" },
            { label: "Expanded card", value: open ?? "—" },
          ]}
          onClose={() => setDebugOpen(false)}
        />
      )}

      <section
        className="results"
        aria-live="polite"
        aria-busy={result.loading}
        data-testid="disease-results"
      >
        {q && result.loading && !shown && <Spinner label={`Searching for "${q}"...`} />}
        {current && pagination && (
          <div className="results-head">
            <p className="results-count" data-testid="results-count">
              {pagination.total === 0 ? (
                <>
                  No diseases found for <strong>“{q}”</strong>.
                </>
              ) : (
                <>
                  {countOf(pagination.total, "disease")} found for <strong>“{q}”</strong>
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
              document={diseaseSearchQuery}
              variables={variables}
              restUrl={restPath("/api/disease/search", variables)}
              title={`disease search for “${q}”`}
              testId="api-search"
            />
          </div>
        )}
        {pagination && pagination.totalPages > 1 && (
          <Pager
            page={pagination.page}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onChange={search.setPage}
            label="Search result pages (top)"
            testId="results-pager-top"
          />
        )}
        {diseases.length > 0 && (
          <ol className={`gene-list${result.loading ? " is-stale" : ""}`}>
            {diseases.map((disease) => (
              <li key={disease.hdoid}>
                <DiseaseCard
                  disease={disease}
                  term={q}
                  highlight={highlight}
                  expanded={open === disease.hdoid}
                  activeTab={open === disease.hdoid ? activeTab : "genes"}
                  genes={genes}
                  mutations={mutations}
                  papers={papers}
                  onToggle={() => toggleCard(disease.hdoid)}
                  onSelectTab={(tab) => selectTab(disease.hdoid, tab)}
                  onChange={changeTab}
                  onOpenPublications={setModalGene}
                />
              </li>
            ))}
          </ol>
        )}
        {pagination && pagination.totalPages > 1 && (
          <Pager
            page={pagination.page}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onChange={search.setPage}
            label="Search result pages (bottom)"
            testId="results-pager-bottom"
          />
        )}
      </section>

      {modalGene && <GenePublicationsModal gene={modalGene} onClose={() => setModalGene(null)} />}

      <OtherSearches waiting={Boolean(q && result.loading && !shown)} />
    </div>
  );
}
