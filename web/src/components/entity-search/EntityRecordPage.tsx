import { type ReactNode, Suspense, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { NOT_FOUND_DESCRIPTION, type PageHead, usePageHead } from "../../hooks/useDocumentTitle";
import { withTabChange } from "../../lib/cardTabState";
import { Spinner } from "../Spinner";
import { EntityCard, TabPanel } from "./EntityCard";
import type { EntitySearchDefinition, TabChange } from "./entityDefinition";
import { RecordBreadcrumb } from "./RecordBreadcrumb";
import { RecordNotFound } from "./RecordNotFound";
import "./searchPage.css";
import "../detailSearch.css";

const plain = (value: string | number | null | undefined) => value ?? "";

/**
 * The tabs a record page draws with React: every tab on the server (the page holds every tab's first
 * page); in the browser, the tab shown first and each tab once chosen. A hidden tab keeps the server's
 * markup, unhydrated, until then: hydration costs the shown tab's work, not every tab's.
 */
function useDrawnTabs(shown: string | undefined): (key: string) => boolean {
  const [drawn, setDrawn] = useState<ReadonlySet<string> | null>(() =>
    typeof window === "undefined" ? null : new Set(shown === undefined ? [] : [shown]),
  );
  useEffect(() => {
    if (shown !== undefined)
      setDrawn((current) => (current === null || current.has(shown) ? current : new Set(current).add(shown)));
  }, [shown]);
  return (key) => drawn === null || key === shown || drawn.has(key);
}

/** The tabs of a record's card. */
const shownTabs = <Item, Context>(
  definition: Pick<EntitySearchDefinition<unknown, Item, Context>, "tabs">,
  item: Item,
) => definition.tabs.filter((tab) => !tab.shows || tab.shows(item));

/** The key of the tab a record's card shows (the address's ?tab, else the first); none while it loads. */
function shownTabKey<Item, Context>(
  definition: Pick<EntitySearchDefinition<unknown, Item, Context>, "tabs">,
  item: Item | null | undefined,
  params: URLSearchParams,
): string | undefined {
  if (item === null || item === undefined) return undefined;
  const tabs = shownTabs(definition, item);
  return (tabs.find((tab) => tab.key === params.get("tab")) ?? tabs[0])?.key;
}

/**
 * A record's own page (/gene/DLG4, /disease/DOID:1826, /study/10862698): the card of its search screen,
 * open, with every tab's first page in the page (the shown one visible, the others hidden until chosen,
 * or all shown when scripts are off), so search engines, link previews and readers without scripts get
 * the whole record. The shown tab and each tab's state are in the address (?tab=diseases&gpage=2).
 */
export function EntityRecordPage<Data, Item, Context>({
  definition,
  item,
  loading,
  error,
  identifier,
  head,
  actions,
}: {
  definition: EntitySearchDefinition<Data, Item, Context>;
  /** The record; null when the address names none. */
  item: Item | null | undefined;
  loading: boolean;
  error: string | undefined;
  /** The identifier in the address (shown, and looked up for the nearest records, when unknown). */
  identifier: string;
  /** The page's head; absent while the record loads. */
  head: PageHead | null;
  /** Controls beside the download (Cite). */
  actions?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  // Before any return: the tab shown first is read from the address as the card below reads it.
  const isDrawn = useDrawnTabs(shownTabKey(definition, item, params));
  // A definition's hooks are fixed: the same one runs on every render of the page.
  const { context, overlay } = (definition.useRecordContext ?? definition.usePageContext)();
  usePageHead(
    head ??
      (item === null
        ? { title: "Page Not Found", description: NOT_FOUND_DESCRIPTION, canonical: null }
        : { title: definition.title, description: definition.description }),
  );

  const search = (
    <RecordBreadcrumb screen={definition.title} to={`/${definition.name}-search`} current={identifier} />
  );

  if (error)
    return (
      <div className="page">
        {search}
        <p className="error-text" role="alert" data-testid="record-error">
          Could not load {identifier}: {error}
        </p>
      </div>
    );
  if (item === null)
    return <RecordNotFound scope={definition.name} identifier={identifier} noun={definition.noun} />;
  if (loading || item === undefined)
    return (
      <div className="page">
        {search}
        <Spinner label={`Loading ${identifier}...`} />
      </div>
    );

  const tabs = shownTabs(definition, item);
  const shown = tabs.find((tab) => tab.key === params.get("tab")) ?? tabs[0];
  const update = (mutate: (next: URLSearchParams) => URLSearchParams) =>
    setParams((current) => mutate(new URLSearchParams(current)), { replace: true, preventScrollReset: true });
  const selectTab = (key: string) =>
    update((next) => {
      if (key === tabs[0]?.key) next.delete("tab");
      else next.set("tab", key);
      return next;
    });
  const changeTab = (prefix: string, change: TabChange) =>
    update((next) => withTabChange(next, prefix, change));
  const prefix = definition.card.prefix(item);
  const view = { h: plain, titleId: `${prefix}-title`, term: "", context };

  return (
    <div className="page" data-testid={`${definition.name}-page`}>
      {search}
      <EntityCard
        standalone
        prefix={prefix}
        testId={definition.name}
        data={definition.card.data(item)}
        expanded
        onToggle={() => undefined}
        heading={definition.card.heading(item, view)}
        download={definition.card.download(item)}
        actions={actions}
        fields={definition.card.fields(item, view)}
        tabsLabel={definition.card.tabsLabel(item)}
        tabs={tabs.map((tab) => ({ key: tab.key, label: tab.label, badge: tab.badge(item) }))}
        activeTab={shown?.key ?? ""}
        onSelectTab={selectTab}
      >
        {tabs.map((tab) => (
          <TabPanel
            // A new element once drawn: the server's markup goes with the old one, not beside the new.
            key={isDrawn(tab.key) ? tab.key : `${tab.key}-server`}
            prefix={prefix}
            tab={tab.key}
            hidden={tab !== shown}
            serverMarkup={!isDrawn(tab.key)}
          >
            <Suspense fallback={<Spinner label="Loading..." />}>
              {tab === shown || !tab.drawnWhenShown ? (
                tab.body({
                  item,
                  state: tab.read(params, tab.prefix),
                  onChange: (change) => changeTab(tab.prefix, change),
                  context,
                })
              ) : (
                <p className="muted">The {tab.label} tab is drawn when it is chosen; it needs JavaScript.</p>
              )}
            </Suspense>
          </TabPanel>
        ))}
      </EntityCard>
      {overlay}
    </div>
  );
}
