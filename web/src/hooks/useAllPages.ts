import type { TypedDocumentNode } from "@apollo/client";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { useEffect, useMemo, useState } from "react";
import { type PageQuery, pageQuery } from "../lib/pageQuery";

/** The API's largest page (connections take 1–100 items per page). */
export const LARGEST_PAGE = 100;

interface PageVariables {
  page: number;
  pageSize: number;
}

/** One page of a connection, as the API answers it. */
export interface ConnectionPage<TItem> {
  edges: readonly TItem[];
  hasNextPage: boolean;
}

/**
 * The first page's query of a list useAllPages reads (`variables` name the list): the one query a
 * server render of it asks, as its later pages follow in the browser only.
 */
export const firstPageRequest = <TData, TVariables extends PageVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: Omit<TVariables, keyof PageVariables>,
): PageQuery<TData, TVariables> =>
  pageQuery(document, { ...variables, page: 1, pageSize: LARGEST_PAGE } as TVariables);

/**
 * A whole list read through a paged connection, page by page: for tabs that filter
 * a bounded list in the browser (a gene's studies or diseases). The first page (`first`, from
 * firstPageRequest) comes from `useQuery` (so it is cached, prerendered and refetchable like any
 * query); the later pages, when the list is longer than one page, follow one after another.
 */
export function useAllPages<TData, TVariables extends PageVariables, TItem>(
  { query: document, variables: firstVariables }: PageQuery<TData, TVariables>,
  /** The connection in an answer (`(data) => data.gene?.paperConnection`). */
  pageOf: (data: TData) => ConnectionPage<TItem> | null | undefined,
) {
  const first = useQuery(document, { variables: firstVariables } as never) as useQuery.Result<TData>;
  const client = useApolloClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pageOf is a pure reader, stable per tab
  const firstPage = useMemo(() => (first.data ? pageOf(first.data as TData) : undefined), [first.data]);
  const key = JSON.stringify(firstVariables);
  const [later, setLater] = useState<{ key: string; items: TItem[]; error?: unknown; done: boolean }>();

  // The first page's answer and the variables (as `key`) decide which pages follow; the
  // document and the reader are fixed per tab (the reader is an inline function).
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!firstPage?.hasNextPage) return;
    let cancelled = false;
    setLater({ key, items: [], done: false });
    (async () => {
      const items: TItem[] = [];
      for (let page = 2; ; page++) {
        const result = await client.query({
          query: document,
          variables: { ...(JSON.parse(key) as TVariables), page },
        } as never);
        const next = result.data ? pageOf(result.data as TData) : undefined;
        if (cancelled) return;
        items.push(...(next?.edges ?? []));
        if (!next?.hasNextPage) break;
      }
      setLater({ key, items, done: true });
    })().catch((error: unknown) => {
      if (!cancelled) setLater({ key, items: [], error, done: true });
    });
    return () => {
      cancelled = true;
    };
  }, [client, key, firstPage?.hasNextPage]);

  const laterPages = later?.key === key ? later : undefined;
  const complete =
    firstPage !== undefined && firstPage !== null && (!firstPage.hasNextPage || laterPages?.done);
  const items = useMemo(
    () => (complete ? [...firstPage.edges, ...(laterPages?.items ?? [])] : undefined),
    [complete, firstPage, laterPages],
  );
  return {
    items,
    loading: first.loading || (firstPage?.hasNextPage === true && !laterPages?.done),
    error: first.error ?? laterPages?.error,
    refetch: () => first.refetch().catch(() => undefined),
    /** The first page's variables, as the tab's API button shows them. */
    variables: firstVariables,
  };
}
