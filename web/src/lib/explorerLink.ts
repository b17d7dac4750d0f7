/** The explorer route and its deep links: /explorer?query=...&variables=... (URL-encoded). */
export const EXPLORER_PATH = "/explorer";

/** Variables as the explorer's variables editor shows them ('' when there are none). */
export function variablesText(variables: Record<string, unknown> | undefined): string {
  return variables && Object.keys(variables).length > 0 ? JSON.stringify(variables, null, 2) : "";
}

/** A link that opens the explorer with `query` (and `variables`) preloaded. */
export function explorerHref(query: string, variables?: Record<string, unknown>): string {
  const params = new URLSearchParams({ query });
  const vars = variablesText(variables);
  if (vars) params.set("variables", vars);
  return `${EXPLORER_PATH}?${params.toString().replace(/\+/g, "%20")}`;
}

export interface ExplorerDeepLink {
  query?: string;
  variables?: string;
}

/** Reads the preloaded query and variables of an explorer address (`location.search`). */
export function parseExplorerSearch(search: string | URLSearchParams): ExplorerDeepLink {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const query = params.get("query")?.trim();
  const variables = params.get("variables")?.trim();
  return { query: query || undefined, variables: variables || undefined };
}
