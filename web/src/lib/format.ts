/** Small display rules used by the search screens (spec 1 §2.6, §4). */

export const NOT_AVAILABLE = "N/A";
export const REPLACEMENT_CHAR = "\uFFFD";
export const LONG_DASH = "\u2014";

/**
 * A number as en-US writes it (12,345). Integers are grouped here rather than by Intl: a page's first
 * Intl number format loads ICU's data, about 50 ms of main thread (200 ms on a slow phone).
 */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString("en-US");
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ",");
  return value < 0 ? `-${grouped}` : grouped;
}

/** Disease names: underscores shown as spaces, first letter capitalised. */
export function formatDiseaseName(description: string | null | undefined): string {
  const text = (description ?? "").replace(/_/g, " ").replace(/\s+/g, " ").trim();
  if (!text) return "";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A garbled replacement character is shown as a long dash. */
export function cleanReplacementChars(value: string): string {
  return value.split(REPLACEMENT_CHAR).join(LONG_DASH);
}

/** Missing values show N/A. */
export function orNA(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const text = String(value).trim();
  return text === "" ? NOT_AVAILABLE : text;
}

/** Boolean flags show Yes/No; a missing flag shows N/A. */
export function yesNo(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  return value ? "Yes" : "No";
}

export const HIDDEN_SOURCE = "No source available";
export const HIDDEN_REFERENCE = "No reference available";

/** Source and reference are hidden when empty or equal to the 'not available' texts. */
export function visibleText(value: string | null | undefined, hidden: string): string | null {
  const text = (value ?? "").trim();
  if (!text || text.toLowerCase() === hidden.toLowerCase()) return null;
  return text;
}

export type ReferenceLink =
  | { kind: "pubmed"; id: string; label: string }
  | { kind: "rgd"; id: string; label: string }
  | { kind: "text"; label: string };

/**
 * A disease reference links to PubMed when it starts with 'PMID:', and to an RGD
 * reference when it contains an 'RGD:' id or is all digits.
 */
export function classifyReference(reference: string): ReferenceLink {
  const label = reference.trim();
  const pmid = /^PMID:\s*(\d+)/i.exec(label);
  if (pmid?.[1]) return { kind: "pubmed", id: pmid[1], label };
  const rgd = /RGD:\s*(\d+)/i.exec(label);
  if (rgd?.[1]) return { kind: "rgd", id: rgd[1], label };
  if (/^\d+$/.test(label)) return { kind: "rgd", id: label, label };
  return { kind: "text", label };
}

/** Consensus matching compares ids as trimmed strings (spec 1 §5). */
export function consensusKey(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  return String(value).trim();
}

/** Fills `{name}` placeholders of a link template; values are URI-encoded. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = values[key];
    // Keep ':' readable: identifiers such as MGI:1277959 or NCBIGene:1742 are path segments.
    return value === undefined ? whole : encodeURIComponent(String(value)).replace(/%3A/gi, ":");
  });
}

export { formatInheritance } from "../../../schema/inheritance";
