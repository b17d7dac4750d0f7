/** The most identifiers one analysis accepts (and the most a background list may hold: the dataset size bound). */
export const MAX_ANALYSIS_IDENTIFIERS = 5000;
export const MAX_BACKGROUND_IDENTIFIERS = 25_000;

export type IdentifierKind = "entrez" | "mgi" | "ensembl" | "uniprot" | "symbol";

/** Split pasted text on newlines, commas, tabs, spaces and semicolons; drop quotes and blanks; keep first occurrences (case-insensitive). */
export function parseIdentifierList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(/[\s,;]+/)) {
    const id = raw.replace(/^["']+|["']+$/g, "").trim();
    if (id === "") continue;
    const key = id.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(id);
  }
  return out;
}

const UNIPROT = /^(?:[OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9](?:[A-Z][A-Z0-9]{2}[0-9]){1,2})(?:-\d+)?$/;

/**
 * The identifier systems a token could belong to, most specific first. A token shaped like a
 * UniProt accession may also be a symbol, so both are tried.
 */
export function identifierKinds(id: string): IdentifierKind[] {
  if (/^\d+$/.test(id)) return ["entrez"];
  if (/^mgi:\d+$/i.test(id)) return ["mgi"];
  if (/^ENS[A-Z]*G\d{6,}(?:\.\d+)?$/i.test(id)) return ["ensembl"];
  if (UNIPROT.test(id.toUpperCase())) return ["uniprot", "symbol"];
  return ["symbol"];
}

/** Normalised lookup keys: MGI:n, an Ensembl id without version, a UniProt accession without isoform. */
export function normaliseIdentifier(id: string, kind: IdentifierKind): string {
  switch (kind) {
    case "mgi":
      return `MGI:${id.replace(/^mgi:/i, "")}`;
    case "ensembl":
      return id.toUpperCase().replace(/\.\d+$/, "");
    case "uniprot":
      return id.toUpperCase().replace(/-\d+$/, "");
    case "symbol":
      return id.toLowerCase();
    default:
      return String(Number(id)); // Entrez: no leading zeros
  }
}
