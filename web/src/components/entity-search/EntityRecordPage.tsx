import { Suspense, useEffect, useState } from "react";
import { type Params, useSearchParams } from "react-router-dom";
import type { SiteContext } from "../../../../schema/linked-data";
import { NOT_FOUND_DESCRIPTION, type PageHead, usePageHead } from "../../hooks/useDocumentTitle";
import { withTabChange } from "../../lib/cardTabState";
import { describeError } from "../../lib/errors";
import type { PageQuery, ScreenPreload } from "../../lib/pageQuery";
import { siteConfig } from "../../site.config";
import { CiteButton } from "../cite/CiteButton";
import { Spinner } from "../Spinner";
import { EntityCard, TabPanel } from "./EntityCard";
import type { EntitySearchDefinition, EntityTab, TabChange } from "./entityDefinition";
import { RecordBreadcrumb } from "./RecordBreadcrumb";
import { RecordNotFound } from "./RecordNotFound";
import { linkedDataSite, type RecordRelease, recordReleaseRequest, useRecordRelease } from "./recordRelease";
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
 * Whether a tab's body is in the page: the shown tab's, and every other tab's but those drawn only
 * while shown (a chart), which the page holds as a line saying so.
 */
const bodyDrawn = <Item, Context>(tab: EntityTab<Item, Context>, shownKey: string | undefined) =>
  tab.key === shownKey || !tab.drawnWhenShown;

/**
 * A record page's preload (src/prerender.tsx): the record's query (`record`, the request its page's
 * component asks) and the release's, then, once the record is known, the queries of each tab whose
 * body the page draws, with the tab's state in the address, as EntityRecordPage renders them.
 */
export function recordPagePreload<Data, Variables extends object, Item, Context>(
  definition: Pick<EntitySearchDefinition<unknown, Item, Context>, "tabs">,
  record: (params: Params) => PageQuery<Data, Variables>,
  itemOf: (data: Data) => Item | null | undefined,
): ScreenPreload {
  return async ({ params, search }, run) => {
    const [data] = await Promise.all([run(record(params)), run(recordReleaseRequest)]);
    const item = itemOf(data);
    if (item === null || item === undefined) return;
    const shownKey = shownTabKey(definition, item, search);
    await Promise.all(
      shownTabs(definition, item)
        .filter((tab) => bodyDrawn(tab, shownKey))
        .flatMap((tab) => tab.queries?.(item, tab.read(search, tab.prefix)) ?? [])
        .map((request) => run(request)),
    );
  };
}

/** What a record page says of its record: its head and how it is cited. */
export interface RecordDescription {
  /** The page's title, before the portal's name. */
  title: string;
  /** The meta description, before the release's name and version. */
  description: string;
  /** The record's canonical path (its `url`). */
  canonical: string;
  /** The record's JSON-LD, made with the release's site (linkedDataSite). */
  jsonLd: (site: SiteContext) => object;
  /** What the Cite dialog names, e.g. "DLG4". */
  citeAs: string;
}

/** The head of a record's page: the record's words, the portal's name, the release's name and version. */
const recordHead = (about: RecordDescription, release: RecordRelease): PageHead => ({
  title: `${about.title} | ${siteConfig.productName}`,
  description: `${about.description} ${release.name} ${release.version}.`,
  canonical: about.canonical,
  jsonLd: [about.jsonLd(linkedDataSite(release))],
});

/**
 * A record's own page (/gene/DLG4, /disease/DOID:1826, /study/10862698): the card of its search screen,
 * open, with every tab's first page in the page (the shown one visible, the others hidden until chosen,
 * or all shown when scripts are off), so search engines, link previews and readers without scripts get
 * the whole record. The shown tab and each tab's state are in the address (?tab=diseases&gpage=2).
 */
export function EntityRecordPage<Data, Item, Context>({
  definition,
  record,
  identifier,
  describe,
}: {
  definition: EntitySearchDefinition<Data, Item, Context>;
  /** The record's query: its item (null when the address names none), while it loads, its error. */
  record: { item: Item | null | undefined; loading: boolean; error?: unknown };
  /** The identifier in the address (shown, and looked up for the nearest records, when unknown). */
  identifier: string;
  describe: (item: Item) => RecordDescription;
}) {
  const release = useRecordRelease();
  const error = record.error ? describeError(record.error) : undefined;
  const item = error ? undefined : record.item;
  const loading = record.loading;
  const about = item ? describe(item) : null;
  const head = about && release ? recordHead(about, release) : null;
  const actions = about && release && (
    <CiteButton record={about.citeAs} path={about.canonical} release={release} />
  );
  const [params, setParams] = useSearchParams();
  // Before any return: the card below shows the same tab.
  const shownKey = shownTabKey(definition, item, params);
  const isDrawn = useDrawnTabs(shownKey);
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
  const shown = tabs.find((tab) => tab.key === shownKey);
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
              {bodyDrawn(tab, shownKey) ? (
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
