/**
 * The tabs of a gene card, in the order shown; the URL keeps each expanded card's open tab by these keys
 * (`open=1:papers,5:go`, lib/cardTabState.ts).
 */
export const GENE_TAB_KEYS = ["papers", "diseases", "mutations", "omim", "go", "syngo", "network"] as const;
export type GeneTabKey = (typeof GENE_TAB_KEYS)[number];

/** Placeholder PMIDs (99000001+) are not real PubMed records and are not linked. */
export const PLACEHOLDER_PMID_FROM = 99_000_000;

export function isPlaceholderPmid(pmid: number | null | undefined): boolean {
  return typeof pmid === "number" && pmid >= PLACEHOLDER_PMID_FROM;
}

/** GO domain names shown in the GO Terms table. */
export function goDomainLabel(domain: string | null | undefined): string {
  const value = (domain ?? "").trim().toLowerCase();
  if (["biological_process", "bp", "p"].includes(value)) return "biological_process";
  if (["molecular_function", "mf", "f"].includes(value)) return "molecular_function";
  if (["cellular_component", "cc", "c"].includes(value)) return "cellular_component";
  return "Unknown";
}

/** SynGO domain badges. */
export function syngoDomain(domain: string | null | undefined): { code: string; name: string } {
  const value = (domain ?? "").trim().toUpperCase();
  if (value === "BP") return { code: "BP", name: "Biological Process" };
  if (value === "MF") return { code: "MF", name: "Molecular Function" };
  if (value === "CC") return { code: "CC", name: "Cellular Component" };
  return { code: value || "?", name: "Unknown domain" };
}

/** Comma/semicolon separated evidence codes → list. */
export function splitList(value: string | null | undefined, separator: RegExp = /[,;]/): string[] {
  return (value ?? "")
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);
}
