/**
 * Searching by protein name (spec 1 §5, §8), shared by the gene search page and the disease gene
 * filter: a protein-style term is looked up; when it maps to genes, each gene is searched in turn
 * and the rows concatenated; otherwise the regular search or filter runs.
 */

/** At most this many mapped genes are searched in turn. */
export const PROTEIN_GENES_SEARCHED = 25;

export type ProteinSearchState<T> =
  | { kind: "off" }
  | { kind: "looking-up"; name: string }
  | { kind: "not-found"; name: string }
  | { kind: "lookup-error"; name: string; message: string }
  | { kind: "found"; name: string; genes: string[]; rows?: T[]; error?: string };

export interface GeneRow {
  id: number;
  humanName: string;
}

/**
 * Searches each symbol in turn (at most PROTEIN_GENES_SEARCHED) and keeps, in order and without
 * repeats, the rows whose gene is that symbol. A failure stops the loop: the rows found so far are
 * returned with the error.
 */
export async function collectProteinGeneRows<T extends GeneRow>(
  symbols: readonly string[],
  searchOne: (symbol: string) => Promise<readonly T[]>,
  describe: (error: unknown) => string,
): Promise<{ rows: T[]; error?: string }> {
  const found = new Map<number, T>();
  try {
    for (const symbol of symbols.slice(0, PROTEIN_GENES_SEARCHED)) {
      for (const row of await searchOne(symbol))
        if (row.humanName.toUpperCase() === symbol.toUpperCase() && !found.has(row.id))
          found.set(row.id, row);
    }
    return { rows: [...found.values()] };
  } catch (error) {
    return { rows: [...found.values()], error: describe(error) };
  }
}

/**
 * The status line of a protein lookup; the fallback sentence differs between the gene search
 * ('Trying regular search.') and the disease gene filter ('Continuing with regular filter.').
 */
export function proteinStatusMessage(
  state: ProteinSearchState<unknown>,
  context: "search" | "filter",
): string | null {
  switch (state.kind) {
    case "off":
      return null;
    case "looking-up":
      return `Looking up protein "${state.name}"...`;
    case "not-found":
      return `No genes found for protein "${state.name}". ${
        context === "search" ? "Trying regular search." : "Continuing with regular filter."
      }`;
    case "lookup-error":
      return `Error looking up protein "${state.name}": ${state.message}`;
    case "found":
      return `Found ${state.genes.length} gene${state.genes.length === 1 ? "" : "s"} related to protein "${state.name}": ${state.genes.join(", ")}`;
  }
}
