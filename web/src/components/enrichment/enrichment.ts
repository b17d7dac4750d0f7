import { compareValues, type SortDirection, type SortValue } from "../../lib/sort";

/** The enrichment categories as the tables, filters and chart legends name them. */
export const CATEGORY_LABELS: Record<string, string> = {
  COMPARTMENT: "Compartment",
  BRAIN_REGION: "Brain region",
  DISEASE: "Disease",
  ICD11_CHAPTER: "ICD-11 chapter",
  GO: "GO term",
  SYNGO: "SynGO term",
};

/** A p-value or FDR as the tables print it: two significant digits, exponent notation when small. */
export function formatP(value: number): string {
  if (value === 0) return "< 1e-300";
  if (value >= 0.001) return value.toPrecision(2);
  return value.toExponential(1);
}

/** One tested term, as the analysis and the comparison's enrichment both answer it. */
export interface EnrichmentRow {
  category: string;
  termId: string;
  termName: string;
  group?: string | null;
  overlap: number;
  termSize: number;
  expected: number;
  foldEnrichment: number;
  pValue: number;
  fdr: number;
  genes: string[];
  includesSyntheticData: boolean;
}

export type EnrichmentSortKey =
  | "termName"
  | "category"
  | "overlap"
  | "termSize"
  | "expected"
  | "foldEnrichment"
  | "pValue"
  | "fdr";

export interface EnrichmentSort {
  key: EnrichmentSortKey;
  direction: SortDirection;
}

export const ENRICHMENT_COLUMNS: { key: EnrichmentSortKey; label: string; numeric: boolean }[] = [
  { key: "termName", label: "Term", numeric: false },
  { key: "category", label: "Category", numeric: false },
  { key: "overlap", label: "Overlap", numeric: true },
  { key: "termSize", label: "Term size", numeric: true },
  { key: "expected", label: "Expected", numeric: true },
  { key: "foldEnrichment", label: "Fold", numeric: true },
  { key: "pValue", label: "p-value", numeric: true },
  { key: "fdr", label: "FDR", numeric: true },
];

/**
 * The sort after a column header is chosen: the same column turns its direction; another starts
 * largest first for counts and fold, smallest first for text, p-values and FDR.
 */
export function nextEnrichmentSort(current: EnrichmentSort, key: EnrichmentSortKey): EnrichmentSort {
  if (current.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  const numeric = ENRICHMENT_COLUMNS.find((c) => c.key === key)?.numeric;
  return { key, direction: numeric && key !== "pValue" && key !== "fdr" ? "desc" : "asc" };
}

/** Terms in a sort's order; ties keep their given order. */
export function sortEnrichment<T extends EnrichmentRow>(terms: readonly T[], sort: EnrichmentSort): T[] {
  const value = (t: T): SortValue => (sort.key === "category" ? CATEGORY_LABELS[t.category] : t[sort.key]);
  return terms
    .map((t, i) => ({ t, i }))
    .sort((a, b) => compareValues(value(a.t), value(b.t), sort.direction) || a.i - b.i)
    .map((x) => x.t);
}
