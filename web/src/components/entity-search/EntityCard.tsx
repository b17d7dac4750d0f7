import { type ReactNode, Suspense, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useCardToggle } from "../../hooks/useCardToggle";
import { DownloadButton } from "../DownloadButton";
import { HeadingLevel } from "../SectionHeading";
import { Spinner } from "../Spinner";
import { type TabItem, Tabs, tabId, tabPanelId } from "../Tabs";
import "./entityCard.css";

interface EntityCardProps<K extends string> {
  /** Prefix of the card's element ids (`${prefix}-title`, `${prefix}-body`, tab ids). */
  prefix: string;
  /** e.g. 'disease': the card is `disease-card`, its toggle `disease-card-toggle`. */
  testId: string;
  /** The entity's data attributes (`data-hdoid`...). */
  data: Record<`data-${string}`, string | number>;
  expanded: boolean;
  onToggle: () => void;
  /** Inside the toggle button: the title line and the description. */
  heading: ReactNode;
  download: { url: string; label: string; testId: string };
  /** The rows of the card's identifier grid. */
  fields: ReactNode;
  tabsLabel: string;
  tabs: TabItem<K>[];
  activeTab: K;
  onSelectTab: (tab: K) => void;
  /** The content of the card's body: its tab panels (see TabPanel). */
  children: ReactNode;
  /**
   * The card is a record's own page: always open, its heading the page's h1 (no toggle), and a link
   * to the page is not drawn. Otherwise a search result, with `page` the address of its record's page.
   */
  standalone?: boolean;
  /** The record's own page (a search result's card links to it). */
  page?: string;
  /** More controls beside the download (a record page's Cite). */
  actions?: ReactNode;
}

/**
 * The frame of a search result card (genes, diseases, publications): the expand toggle with its
 * chevron, the entity's download, its identifier grid, the tab list and the body the tabs open.
 */
export function EntityCard<K extends string>({
  prefix,
  testId,
  data,
  expanded,
  onToggle,
  heading,
  download,
  fields,
  tabsLabel,
  tabs,
  activeTab,
  onSelectTab,
  children,
  standalone = false,
  page,
  actions,
}: EntityCardProps<K>) {
  const toggle = useCardToggle(onToggle);
  return (
    <article
      className={expanded ? "gene-card is-expanded" : "gene-card"}
      data-testid={`${testId}-card`}
      {...data}
      aria-labelledby={`${prefix}-title`}
    >
      <div className="gene-card-header">
        {standalone ? (
          <h1 className="gene-card-heading record-heading">{heading}</h1>
        ) : (
          // The accordion pattern: the toggle inside a heading, so the results are in the page's outline.
          <h2 className="gene-card-toggle-heading">
            <button
              type="button"
              className="gene-card-toggle"
              aria-expanded={expanded}
              aria-controls={`${prefix}-body`}
              onClick={toggle}
              data-testid={`${testId}-card-toggle`}
            >
              <svg className="gene-card-chevron" viewBox="0 0 20 20" aria-hidden="true">
                <path
                  d="m7 5 5 5-5 5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span className="gene-card-heading">{heading}</span>
            </button>
          </h2>
        )}
        <div className="gene-card-actions">
          {page && (
            <Link
              to={page}
              className="btn"
              aria-describedby={`${prefix}-title`}
              data-testid={`${testId}-page-link`}
            >
              Open page
            </Link>
          )}
          {actions}
          <DownloadButton url={download.url} label={download.label} testId={download.testId} />
        </div>
      </div>

      <dl className="id-grid">{fields}</dl>

      <Tabs
        idPrefix={prefix}
        label={tabsLabel}
        active={expanded ? activeTab : null}
        onSelect={onSelectTab}
        items={tabs.map((tab) => ({ ...tab, testId: `tab-${tab.key}` }))}
      />

      <div id={`${prefix}-body`} className="gene-card-body" hidden={!expanded}>
        <HeadingLevel level={standalone ? 2 : 3}>{children}</HeadingLevel>
      </div>
    </article>
  );
}

/** One tab's panel in a card's body. */
export function TabPanel({
  prefix,
  tab,
  hidden,
  serverMarkup,
  children,
}: {
  prefix: string;
  tab: string;
  hidden?: boolean;
  /**
   * Keep the server's markup of the panel as it is, not hydrated (React does not look inside an element
   * drawn with dangerouslySetInnerHTML): a hidden tab of a record page, until it is first chosen.
   */
  serverMarkup?: boolean;
  children?: ReactNode;
}) {
  const panel = {
    role: "tabpanel",
    id: tabPanelId(prefix, tab),
    "aria-labelledby": tabId(prefix, tab),
    hidden,
    "data-testid": `panel-${tab}`,
  };
  if (serverMarkup)
    // biome-ignore lint/security/noDangerouslySetInnerHtml: nothing is inserted (""); it keeps the server's markup
    return <div {...panel} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return <div {...panel}>{children}</div>;
}

/**
 * The panels of a card's body: the shown tab's; with `keepOpened`, also the tabs opened before,
 * hidden, so that their data and filters stay when the reader comes back (tabs whose state is not
 * in the address). A tab's code may load lazily: it waits behind a spinner.
 */
export function TabPanels<Tab extends { key: string }>({
  prefix,
  tabs,
  shown,
  expanded,
  keepOpened,
  render,
}: {
  prefix: string;
  tabs: readonly Tab[];
  /** The key of the tab shown when the card is expanded. */
  shown: string;
  expanded: boolean;
  keepOpened: boolean;
  render: (tab: Tab) => ReactNode;
}) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set(expanded ? [shown] : []));
  useEffect(() => {
    if (expanded) setOpened((current) => (current.has(shown) ? current : new Set(current).add(shown)));
  }, [expanded, shown]);
  const isShown = (tab: Tab) => expanded && tab.key === shown;
  return tabs
    .filter((tab) => isShown(tab) || (keepOpened && opened.has(tab.key)))
    .map((tab) => (
      <TabPanel key={tab.key} prefix={prefix} tab={tab.key} hidden={!isShown(tab)}>
        <Suspense fallback={<Spinner label="Loading..." />}>{render(tab)}</Suspense>
      </TabPanel>
    ));
}

/** A row of a card's identifier grid. */
export function IdRow({
  label,
  wide,
  valueClassName,
  testId,
  children,
}: {
  label: string;
  wide?: boolean;
  valueClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "id-row id-row-wide" : "id-row"}>
      <dt>{label}</dt>
      <dd className={valueClassName} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The card's download row (the entity's lists as CSV files). */
export function DownloadsRow({ children }: { children: ReactNode }) {
  return (
    <div className="id-row id-row-wide">
      <dt>Downloads</dt>
      <dd className="download-row">{children}</dd>
    </div>
  );
}
