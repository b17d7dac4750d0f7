/**
 * URL-held state of the disease and publication search cards (spec 1 §4, §9):
 * one expanded card, its active tab, and per tab a page, page size, text filter and mode.
 * Keys are prefixed per tab (g = genes, m = mutations, p = papers): gpage, gsize, gq, gmode...
 */

/** Shared page-size choices. */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** Disease genes, mutations, papers, paper genes and publication details. */
export const DETAIL_PAGE_SIZE = 20;
/** Filter debounces (ms). The gene filter's is not given by the spec; the mutation one is used. */
export const GENE_FILTER_DEBOUNCE_MS = 300;
export const MUTATION_FILTER_DEBOUNCE_MS = 300;
export const PAPER_FILTER_DEBOUNCE_MS = 600;

export type GeneMode = "all" | "consensus" | "non-consensus";
export type MutationMode = "all" | "consensus";

export const GENE_MODE_OPTIONS: { value: GeneMode; label: string }[] = [
  { value: "consensus", label: "Consensus genes" },
  { value: "all", label: "All genes" },
  { value: "non-consensus", label: "Non-consensus genes" },
];

export const MUTATION_MODE_OPTIONS: { value: MutationMode; label: string }[] = [
  { value: "all", label: "All mutations" },
  { value: "consensus", label: "Consensus-gene mutations" },
];

export function parsePositiveInt(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** A card's id that is a positive integer (a gene id, a PMID), else null. */
export function parsePositiveId(value: string | null | undefined): number | null {
  return parsePositiveInt(value, 0) || null;
}

export function parsePageSize(value: string | null | undefined): number {
  const n = Number(value);
  return (PAGE_SIZE_OPTIONS as readonly number[]).includes(n) ? n : DETAIL_PAGE_SIZE;
}

/** Gene mode: consensus unless the address says otherwise (first expansion loads consensus). */
export function parseGeneMode(value: string | null | undefined): GeneMode {
  return value === "all" || value === "non-consensus" ? value : "consensus";
}

export function parseMutationMode(value: string | null | undefined): MutationMode {
  return value === "consensus" ? "consensus" : "all";
}

/** The state of one tab as read from the address. */
export interface TabParams {
  page: number;
  pageSize: number;
  term: string;
}

export function readTabParams(params: URLSearchParams, prefix: string): TabParams {
  return {
    page: parsePositiveInt(params.get(`${prefix}page`), 1),
    pageSize: parsePageSize(params.get(`${prefix}size`)),
    term: params.get(`${prefix}q`) ?? "",
  };
}

/** Every per-card key (tab, and all tab keys of the given prefixes). */
export function cardKeys(prefixes: readonly string[], extra: readonly string[] = []): string[] {
  return ["tab", ...prefixes.flatMap((p) => [`${p}page`, `${p}size`, `${p}q`, `${p}mode`]), ...extra];
}

/**
 * Sets tab keys on a copy of the params. Any change other than the page itself
 * (filter, mode, page size) goes back to page 1 (spec 1 §4). Empty/default values are removed.
 */
export function withTabChange(
  params: URLSearchParams,
  prefix: string,
  change: Partial<Record<"page" | "size" | "q" | "mode" | string, string | number | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    const name = `${prefix}${key}`;
    if (value === null || value === undefined || value === "") next.delete(name);
    else next.set(name, String(value));
  }
  if (!("page" in change)) next.delete(`${prefix}page`);
  else if (change.page === 1) next.delete(`${prefix}page`);
  return next;
}

/** Switching tabs clears the previous tab's filter (spec 1 §4). */
export function withTabSwitch(params: URLSearchParams, from: string | null, toTab: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (from && from !== toTab) {
    next.delete(`${from}q`);
    next.delete(`${from}page`);
  }
  next.set("tab", toTab);
  return next;
}

/**
 * Several expanded cards, each with its tab (Gene Search): `open=1:papers,5:go` ↔ Map { 1 → papers,
 * 5 → go }. An id `parseId` refuses is dropped; an unknown or missing tab becomes the first of `tabs`.
 */
export function parseOpenCards<Id>(
  value: string | null | undefined,
  parseId: (text: string) => Id | null,
  tabs: readonly string[],
): Map<Id, string> {
  const open = new Map<Id, string>();
  for (const entry of (value ?? "").split(",")) {
    const [idText, tab] = entry.split(":");
    const id = idText ? parseId(idText) : null;
    if (id === null) continue;
    open.set(id, tab && tabs.includes(tab) ? tab : tabs[0]);
  }
  return open;
}

export function serializeOpenCards(open: ReadonlyMap<unknown, string>): string {
  return [...open].map(([id, tab]) => `${id}:${tab}`).join(",");
}
