import type { DocumentNode, TypedDocumentNode } from "@apollo/client";
import type { Params } from "react-router-dom";

/**
 * A query as a component asks it: its document and its variables. A component that the server renders
 * with its data builds its request with the same function the screen's preload lists it with, so the
 * preloaded answer is the one the component reads from the cache.
 */
export interface PageQuery<TData = unknown, TVariables = Record<string, unknown>> {
  query: TypedDocumentNode<TData, TVariables>;
  variables: TVariables;
}

/** A page's query whatever its types: what a list of a page's queries holds. */
export interface AnyPageQuery {
  query: DocumentNode;
  variables: object;
}

export const pageQuery = <TData, TVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
): PageQuery<TData, TVariables> => ({ query, variables });

/** Runs one of a page's queries and answers its data (its answer is then in the page's cache). */
export type RunPageQuery = <TData>(request: {
  query: TypedDocumentNode<TData, never>;
  variables: object;
}) => Promise<TData>;

/**
 * What a screen's server render asks, run before it renders (src/prerender.tsx), so one render draws
 * the screen with its data; a query it leaves out costs more renders, not a wrong page. `params` and
 * `search` are the address's.
 */
export type ScreenPreload = (
  address: { params: Params; search: URLSearchParams },
  run: RunPageQuery,
) => Promise<void>;
