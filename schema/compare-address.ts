/**
 * The address of the /compare page for a list of sets: the web page writes and reads it, and the MCP
 * compare tool links to it. Named sets travel in the query string (?set=disease:DOID:0060041,
 * ?set=chapter:08, ...); pasted gene lists in the fragment (#list=DLG4,SHANK3&list=...), as on /analyze,
 * since a list of thousands of identifiers outgrows the query-string limit. Plain TypeScript, no
 * decorators: the web bundle imports it.
 */

/** Each set kind's key in the address, and its CompareSetKind in GraphQL. */
export const COMPARE_SET_KINDS = {
  disease: "DISEASE",
  chapter: "ICD11_CHAPTER",
  compartment: "COMPARTMENT",
  region: "BRAIN_REGION",
  study: "STUDY",
  list: "GENE_LIST",
} as const;
export type CompareSetKey = keyof typeof COMPARE_SET_KINDS;

export interface CompareAddressSet {
  kind: CompareSetKey;
  value: string;
  consensus: boolean;
}

/** Identifiers as the server splits them, joined by commas (short and readable in an address). */
export function normaliseList(text: string): string {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .join(",");
}

/** The sets' part of the address: the query parameters (more may be added) and the fragment ('' or '#…'). */
export function compareSetsAddress(sets: readonly CompareAddressSet[]): {
  params: URLSearchParams;
  hash: string;
} {
  const params = new URLSearchParams();
  const lists = new URLSearchParams();
  for (const set of sets) {
    if (set.kind === "list") {
      params.append("set", "list");
      lists.append("list", normaliseList(set.value));
    } else params.append("set", `${set.kind}:${set.value.trim()}`);
  }
  const consensus = sets.flatMap((s, i) => (s.consensus ? [i] : []));
  if (consensus.length > 0) params.set("consensus", consensus.join(","));
  const hash = lists.toString();
  return { params, hash: hash ? `#${hash}` : "" };
}
