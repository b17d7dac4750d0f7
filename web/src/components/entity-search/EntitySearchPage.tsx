import { useQuery } from "@apollo/client/react";
import { lazy, Suspense, useState } from "react";
import { useDebugToggle } from "../../hooks/useDebugToggle";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useUrlSearch } from "../../hooks/useUrlSearch";
import { withTabChange } from "../../lib/cardTabState";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { Highlight } from "../Highlight";
import { HighlightToggle } from "../HighlightToggle";
import { OtherSearches } from "../OtherSearches";
import { Pager } from "../Pager";
import { SearchBox } from "../SearchBox";
import { Spinner } from "../Spinner";
import "./searchPage.css";
import "../detailSearch.css";
import { EntityCard, TabPanels } from "./EntityCard";
import type { EntitySearchDefinition, TabChange } from "./entityDefinition";
import { useOpenCards } from "./openCards";
import { SearchResultsHead } from "./SearchResultsHead";

// The debug panels (Ctrl+Shift+D) are fetched when first opened, not with every search screen.
const SearchDebugPanel = lazy(() =>
  import("../SearchDebugPanel").then((m) => ({ default: m.SearchDebugPanel })),
);

const KEEP_OPEN_CARDS = { keepOnResubmit: ["open"] };

/**
 * The search screen of an entity with cards (genes, diseases, publications), drawn from its
 * definition. The address holds the view: q, page, and the open cards with their tabs (see
 * `openCards`), so a reload or a shared link shows the same thing.
 */
export function EntitySearchPage<Data, Item, Context>({
  definition,
}: {
  definition: EntitySearchDefinition<Data, Item, Context>;
}) {
  const { name, noun, tabs } = definition;
  const many = definition.openCards === "many";
  useDocumentTitle(definition.title, definition.description);
  // The same term submitted again keeps the view (every key), or with many cards only the open
  // ones, back on the first page.
  const search = useUrlSearch(many ? KEEP_OPEN_CARDS : {});
  const { params, setParams, q, page } = search;
  const [highlight, setHighlight] = useState(true);
  const [debugOpen, setDebugOpen] = useDebugToggle();
  const { context, overlay, notice } = definition.usePageContext();

  const update = (mutate: (next: URLSearchParams) => URLSearchParams) =>
    setParams((currentParams) => mutate(new URLSearchParams(currentParams)), {
      replace: true,
      preventScrollReset: true,
    });
  const cards = useOpenCards(definition, params, update);
  const states = Object.fromEntries(tabs.map((tab) => [tab.key, tab.read(params, tab.prefix)]));
  const prefixOf = (key: string) => tabs.find((tab) => tab.key === key)?.prefix ?? "";
  const changeTab = (tab: string, change: TabChange) =>
    update((next) => withTabChange(next, prefixOf(tab), change));

  const variables = { q, page, pageSize: definition.pageSize };
  const result = useQuery(definition.query, { variables, skip: !q });
  // While a new search loads, the previous cards stay (dimmed); after an error they go.
  const currentData = q && !result.error ? result.data : undefined;
  const current = currentData ? definition.results(currentData) : undefined;
  const shownData =
    q && !result.error ? (result.data ?? (result.loading ? result.previousData : undefined)) : undefined;
  const shown = shownData ? definition.results(shownData) : undefined;
  const items = shown?.items ?? [];
  const pagination = current?.pagination;
  const resultNotice = currentData && definition.notice?.(currentData);

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

  const h = (value: string | number | null | undefined) => (
    <Highlight text={value} term={q} enabled={highlight} />
  );

  const card = (item: Item) => {
    const id = String(definition.id(item));
    const expanded = cards.isOpen(id);
    const prefix = definition.card.prefix(item);
    const view = { h, titleId: `${prefix}-title`, term: q, context };
    const cardTabs = tabs.filter((tab) => !tab.shows || tab.shows(item));
    const shownTab = cardTabs.find((tab) => tab.key === cards.tab(id)) ?? tabs[0];
    return (
      <EntityCard
        prefix={prefix}
        testId={name}
        data={definition.card.data(item)}
        expanded={expanded}
        onToggle={() => cards.toggle(id)}
        heading={definition.card.heading(item, view)}
        download={definition.card.download(item)}
        page={definition.card.page(item)}
        fields={definition.card.fields(item, view)}
        tabsLabel={definition.card.tabsLabel(item)}
        tabs={cardTabs.map((tab) => ({ key: tab.key, label: tab.label, badge: tab.badge(item) }))}
        activeTab={shownTab?.key ?? ""}
        onSelectTab={(tab) => cards.select(id, tab)}
      >
        {shownTab && (
          <TabPanels
            prefix={prefix}
            tabs={cardTabs}
            shown={shownTab.key}
            expanded={expanded}
            keepOpened={many}
            render={(tab) =>
              tab.body({
                item,
                state: states[tab.key],
                onChange: (change) => changeTab(tab.key, change),
                context,
              })
            }
          />
        )}
      </EntityCard>
    );
  };

  const closeDebug = () => setDebugOpen(false);

  return (
    <div className={`page ${name}-search`} data-testid={`${name}-search-page`}>
      <header className="page-header search-header">
        <h1>{definition.title}</h1>
        <p className="page-subtitle">{definition.subtitle}</p>
      </header>

      <section className="search-panel" aria-label={definition.panelLabel}>
        <SearchBox
          value={search.input}
          onChange={search.onInput}
          onSubmit={search.submit}
          onClear={() => search.submit("")}
          placeholder={definition.placeholder}
          label={definition.boxLabel}
          autoFocus={!q}
          testId={`${name}-search-box`}
          action={`/${name}-search`}
          suggest={name}
          italicGenes={definition.italicGenes}
        />
        <div className="search-meta">
          <p className="search-hint">{definition.hint}</p>
          <HighlightToggle on={highlight} onChange={setHighlight} testId="results-highlight" />
        </div>
        {resultNotice && (
          <p className="search-hint" role="status" data-testid="protein-status">
            {resultNotice}
          </p>
        )}
        {result.error && (
          <p className="error-text" role="alert" data-testid="search-error">
            Search error: {describeError(result.error)}
          </p>
        )}
        {notice}
      </section>

      <Suspense fallback={null}>
        {debugOpen &&
          (definition.debug ? (
            definition.debug({ items, context, onClose: closeDebug })
          ) : (
            <SearchDebugPanel
              title={`${noun} search`}
              items={items}
              ids={items.map(definition.id)}
              facts={[
                { label: "Term", value: q || "—" },
                { label: "Results", value: pagination ? formatCount(pagination.total) : "—" },
                { label: "Expanded card", value: params.get("open") || "—" },
              ]}
              onClose={closeDebug}
            />
          ))}
      </Suspense>

      <section aria-live="polite" aria-busy={result.loading} data-testid={`${name}-results`}>
        {q && result.loading && !shown && <Spinner label={`Searching for "${q}"...`} />}
        {q && result.loading && shown && (
          <div className="results-head">
            <span className="spinner is-small" aria-hidden="true" />
            <p className="results-count muted" role="status">
              Searching for “{q}”...
            </p>
          </div>
        )}
        {current && pagination && !result.loading && (
          <SearchResultsHead
            noun={noun}
            pagination={pagination}
            query={definition.query}
            variables={variables}
            rest={definition.restPath}
          />
        )}
        {pager("top")}
        {items.length > 0 && (
          <ol className={`gene-list${result.loading ? " is-stale" : ""}`}>
            {items.map((item) => (
              <li key={definition.id(item)}>{card(item)}</li>
            ))}
          </ol>
        )}
        {pager("bottom")}
      </section>

      {overlay}

      <OtherSearches waiting={Boolean(q && result.loading && !shown)} />
    </div>
  );
}
