import type { TypedDocumentNode } from "@apollo/client";
import type { ReactNode } from "react";
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

/** One tab of an entity's card: its address prefix, label, count and body. */
export interface EntityTab<Item, Context> {
  key: string;
  /** Prefix of the tab's address keys (g: gpage, gsize, gq, gmode). */
  prefix: string;
  label: string;
  count: (item: Item) => number;
  /** Whether the card shows this tab (every tab when absent). */
  shows?: (item: Item) => boolean;
  /** The tab's state, read from the address. */
  read: (params: URLSearchParams, prefix: string) => unknown;
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
    count: (item: Item) => number;
    shows?: (item: Item) => boolean;
    read: (params: URLSearchParams, prefix: string) => State;
    body: (props: {
      item: Item;
      state: State;
      onChange: (change: TabChange) => void;
      context: Context;
    }) => ReactNode;
  }): EntityTab<Item, Context> => tab as EntityTab<Item, Context>;
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
  /** The expanded card's identifier, from the address (null when none or invalid). */
  parseOpen: (value: string | null) => string | number | null;
  /** Address keys of a card besides its tabs' (cleared with them when another card opens). */
  extraCardKeys?: string[];
  tabs: EntityTab<Item, Context>[];
  card: {
    prefix: (item: Item) => string;
    data: (item: Item) => Record<`data-${string}`, string | number>;
    /** The title line and description; the title element carries `titleId` (the card's name). */
    heading: (item: Item, h: Highlighter, titleId: string) => ReactNode;
    download: (item: Item) => { url: string; label: string; testId: string };
    fields: (item: Item, h: Highlighter) => ReactNode;
    tabsLabel: (item: Item) => string;
  };
  /** Page-level state the tabs share (e.g. a dialog a tab opens), and what it renders after the results. */
  usePageContext: () => { context: Context; overlay: ReactNode };
}

/** For definitions without page-level state. */
export function noContext(): { context: undefined; overlay: ReactNode } {
  return { context: undefined, overlay: null };
}
