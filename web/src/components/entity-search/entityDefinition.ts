import type { TypedDocumentNode } from "@apollo/client";
import type { ReactNode } from "react";
import type { AnyPageQuery } from "../../lib/pageQuery";
import type { SuggestionScope } from "../../lib/searchSuggest";

/** A change to one tab's address keys (page, size, q, mode...), as withTabChange takes it. */
export type TabChange = Record<string, string | number | null>;

/** Highlights the search term in a value (the results' highlight toggle decides). */
export type Highlighter = (value: string | number | null | undefined) => ReactNode;

// A type, not an interface: it passes as the Record of variables the API button and restPath take.
export type SearchVariables = {
  q: string;
  page: number;
  pageSize: number;
};

export interface SearchPagination {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

/** One tab of an entity's card: its address prefix, label, badge and body. */
export interface EntityTab<Item, Context> {
  key: string;
  /** Prefix of the tab's address keys (g: gpage, gsize, gq, gmode). */
  prefix: string;
  label: string;
  /** The tab's badge, mostly its count: '12', 'Unique: 3'. */
  badge: (item: Item) => string;
  /** Whether the card shows this tab (every tab when absent). */
  shows?: (item: Item) => boolean;
  /**
   * The tab is drawn only while it is shown (an interactive chart): a record page, which holds every
   * other tab's first page, leaves it out until it is chosen.
   */
  drawnWhenShown?: boolean;
  /** The tab's state, read from the address. */
  read: (params: URLSearchParams, prefix: string) => unknown;
  /**
   * The queries the tab's body asks as the server renders it, with the variables it asks them with
   * (built by the same functions): a record page runs them before it renders (EntityRecordPage's
   * recordPagePreload). A tab without them is loaded by a further render.
   */
  queries?: (item: Item, state: unknown) => AnyPageQuery[];
  body: (props: {
    item: Item;
    state: unknown;
    onChange: (change: TabChange) => void;
    context: Context;
  }) => ReactNode;
}

/**
 * The tab builder of one entity: `const tab = tabsOf<Item, Context>()`, then `tab({ read, body })` lets
 * the body take the state `read` returns, and erases it for the definition's list of tabs.
 */
export function tabsOf<Item, Context = undefined>() {
  return <State>(tab: {
    key: string;
    prefix: string;
    label: string;
    badge: (item: Item) => string;
    shows?: (item: Item) => boolean;
    drawnWhenShown?: boolean;
    read: (params: URLSearchParams, prefix: string) => State;
    queries?: (item: Item, state: State) => AnyPageQuery[];
    body: (props: {
      item: Item;
      state: State;
      onChange: (change: TabChange) => void;
      context: Context;
    }) => ReactNode;
  }): EntityTab<Item, Context> => tab as EntityTab<Item, Context>;
}

/** What a card's heading and fields are drawn with besides the item. */
export interface CardView<Context> {
  /** Highlights the search term (the results' highlight toggle decides). */
  h: Highlighter;
  /** The id of the card's title element (the card's accessible name). */
  titleId: string;
  /** The search term. */
  term: string;
  context: Context;
}

/** What a page-level hook of a definition gives the page (see usePageContext). */
export interface PageContext<Context> {
  context: Context;
  /** Rendered after the results (a dialog a tab opens). */
  overlay?: ReactNode;
  /** A line under the search box (an error of the page's own query). */
  notice?: ReactNode;
}

/**
 * Everything a search screen of one entity differs by (Open Targets' entity sections): its words, its
 * search query and REST path, its identifier, its card's fields and its tabs. EntitySearchPage renders
 * any definition.
 */
export interface EntitySearchDefinition<Data, Item, Context = undefined> {
  /** The entity in the results' words: 'disease' (“3 diseases found”), 'publication'. */
  noun: string;
  /** Test ids, the page's class and the search box's suggestions: 'disease' (disease-search-page...). */
  name: SuggestionScope;
  title: string;
  subtitle: string;
  /** The screen's meta description: one sentence of what it shows (see PageHead). */
  description: string;
  /** The search section's accessible name. */
  panelLabel: string;
  placeholder: string;
  /** The search box's accessible name. */
  boxLabel: string;
  hint: string;
  query: TypedDocumentNode<Data, SearchVariables>;
  /** The REST twin of the query, shown by the API button. */
  restPath: string;
  pageSize: number;
  results: (data: Data) => { items: Item[]; pagination: SearchPagination };
  /** The card's identifier, as held in the address's `open`. */
  id: (item: Item) => string | number;
  /** A card's identifier as the address holds it (null when none or invalid). */
  parseOpen: (value: string | null) => string | number | null;
  /**
   * 'one' (the default): one card is open at a time, its tab and each tab's page, size, filter and
   * mode in the address (open=DOID:1&tab=genes&gpage=2). 'many': several cards are open, each with its
   * tab (open=1:papers,5:go); each remembers its last tab when collapsed, and the tabs keep their own
   * state, staying mounted once opened.
   */
  openCards?: "one" | "many";
  /** The search box's suggestions are gene symbols, set in italics. */
  italicGenes?: boolean;
  /** A status line under the search box, drawn from the results (the protein-name lookup's). */
  notice?: (data: Data) => string | null;
  /** Address keys of a card besides its tabs' (cleared with them when another card opens). */
  extraCardKeys?: string[];
  tabs: EntityTab<Item, Context>[];
  card: {
    prefix: (item: Item) => string;
    data: (item: Item) => Record<`data-${string}`, string | number>;
    /** The title line and description; the title element carries `view.titleId` (the card's name). */
    heading: (item: Item, view: CardView<Context>) => ReactNode;
    download: (item: Item) => { url: string; label: string; testId: string };
    /** The record's own page (its `url` in GraphQL): a search result's card links to it. */
    page: (item: Item) => string;
    fields: (item: Item, view: CardView<Context>) => ReactNode;
    tabsLabel: (item: Item) => string;
  };
  /** Page-level state the cards share (a dialog a tab opens, a query of the page's own). */
  usePageContext: () => PageContext<Context>;
  /**
   * The same for a record's own page, where it differs (usePageContext when absent): a page that shows
   * one record needs no list the search screen fetches for all of its results.
   */
  useRecordContext?: () => PageContext<Context>;
  /** The debug panel (Ctrl+Shift+D); the default lists the term, the count and the first items. */
  debug?: (props: { items: Item[]; context: Context; onClose: () => void }) => ReactNode;
}

/** For definitions without page-level state. */
export function noContext(): PageContext<undefined> {
  return { context: undefined };
}
