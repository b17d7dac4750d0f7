import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { useDebugToggle } from "../../hooks/useDebugToggle";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useUrlSearch } from "../../hooks/useUrlSearch";
import { cardKeys, withTabChange, withTabSwitch } from "../../lib/cardTabState";
import { describeError } from "../../lib/errors";
import { formatCount } from "../../lib/format";
import { Highlight } from "../Highlight";
import { HighlightToggle } from "../HighlightToggle";
import { OtherSearches } from "../OtherSearches";
import { Pager } from "../Pager";
import { SearchBox } from "../SearchBox";
import { SearchDebugPanel } from "../SearchDebugPanel";
import { Spinner } from "../Spinner";
import "./searchPage.css";
import "../detailSearch.css";
import { EntityCard, TabPanel } from "./EntityCard";
import type { EntitySearchDefinition, TabChange } from "./entityDefinition";
import { SearchResultsHead } from "./SearchResultsHead";

/**
 * The search screen of an entity with cards (diseases, publications), drawn from its definition. The
 * address holds the view: q, page, open (the expanded card's identifier), tab, and per tab its page,
 * size, filter and mode (gpage, gsize, gq, gmode; mpage...), so a reload shows the same thing. One card
 * is open at a time; expanding one starts on its first tab.
 */
export function EntitySearchPage<Data, Item, Context>({
  definition,
}: {
  definition: EntitySearchDefinition<Data, Item, Context>;
}) {
  const { name, noun, tabs } = definition;
  useDocumentTitle(definition.title);
  const search = useUrlSearch();
  const { params, setParams, q, page } = search;
  const [highlight, setHighlight] = useState(true);
  const [debugOpen, setDebugOpen] = useDebugToggle();
  const { context, overlay } = definition.usePageContext();

  const firstTab = tabs[0]?.key ?? "";
  const tabOf = (value: string | null) => tabs.find((tab) => tab.key === value);
  const prefixOf = (key: string) => tabOf(key)?.prefix ?? "";
  const cardParamKeys = cardKeys(
    tabs.map((tab) => tab.prefix),
    definition.extraCardKeys,
  );

  const open = definition.parseOpen(params.get("open"));
  const activeTab = tabOf(params.get("tab"))?.key ?? firstTab;
  const states = Object.fromEntries(tabs.map((tab) => [tab.key, tab.read(params, tab.prefix)]));

  const variables = { q, page, pageSize: definition.pageSize };
  const result = useQuery(definition.query, { variables, skip: !q });
  const current = q && !result.error && result.data ? definition.results(result.data) : undefined;
  const shownData =
    q && !result.error ? (result.data ?? (result.loading ? result.previousData : undefined)) : undefined;
  const shown = shownData ? definition.results(shownData) : undefined;
  const items = shown?.items ?? [];
  const pagination = current?.pagination;

  const update = (mutate: (next: URLSearchParams) => URLSearchParams) =>
    setParams((currentParams) => mutate(new URLSearchParams(currentParams)), {
      replace: true,
      preventScrollReset: true,
    });

  const toggleCard = (id: string) =>
    update((next) => {
      for (const key of cardParamKeys) next.delete(key);
      if (next.get("open") === id) next.delete("open");
      else next.set("open", id);
      return next;
    });

  const selectTab = (id: string, tab: string) =>
    update((next) => {
      if (next.get("open") !== id) {
        for (const key of cardParamKeys) next.delete(key);
        next.set("open", id);
        next.set("tab", tab);
        return next;
      }
      const fromTab = tabOf(next.get("tab"))?.key ?? firstTab;
      return withTabSwitch(next, fromTab === tab ? null : prefixOf(fromTab), tab);
    });

  const changeTab = (tab: string, change: TabChange) =>
    update((next) => withTabChange(next, prefixOf(tab), change));

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
    const id = definition.id(item);
    const expanded = open === id;
    const prefix = definition.card.prefix(item);
    const cardTabs = tabs.filter((tab) => !tab.shows || tab.shows(item));
    const wanted = expanded ? activeTab : firstTab;
    const shownTab = cardTabs.find((tab) => tab.key === wanted) ?? tabOf(firstTab);
    return (
      <EntityCard
        prefix={prefix}
        testId={name}
        data={definition.card.data(item)}
        expanded={expanded}
        onToggle={() => toggleCard(String(id))}
        heading={definition.card.heading(item, h, `${prefix}-title`)}
        download={definition.card.download(item)}
        fields={definition.card.fields(item, h)}
        tabsLabel={definition.card.tabsLabel(item)}
        tabs={cardTabs.map((tab) => ({
          key: tab.key,
          label: tab.label,
          badge: formatCount(tab.count(item)),
        }))}
        activeTab={shownTab?.key ?? firstTab}
        onSelectTab={(tab) => selectTab(String(id), tab)}
      >
        {expanded && shownTab && (
          <TabPanel prefix={prefix} tab={shownTab.key}>
            {shownTab.body({
              item,
              state: states[shownTab.key],
              onChange: (change) => changeTab(shownTab.key, change),
              context,
            })}
          </TabPanel>
        )}
      </EntityCard>
    );
  };

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
          suggest={name}
        />
        <div className="search-meta">
          <p className="search-hint">{definition.hint}</p>
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
          title={`${noun} search`}
          items={items}
          ids={items.map(definition.id)}
          facts={[
            { label: "Term", value: q || "—" },
            { label: "Results", value: pagination ? formatCount(pagination.total) : "—" },
            { label: "Expanded card", value: open ?? "—" },
          ]}
          onClose={() => setDebugOpen(false)}
        />
      )}

      <section aria-live="polite" aria-busy={result.loading} data-testid={`${name}-results`}>
        {q && result.loading && !shown && <Spinner label={`Searching for "${q}"...`} />}
        {current && pagination && (
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
