/**
 * Searching by protein name (README "Search"): the server looks every search or filter term up as a
 * protein name and ADDS the genes it finds to the normal matches, in one ranked list, marking the
 * genes only the lookup found. The pages show that list as it comes and say what the lookup added.
 */

import { countOf } from "./plural";

export interface ProteinLookup {
  name: string;
  genes: readonly string[];
  total: number;
}

/**
 * The status line of a protein lookup that found genes (the genes join the results), or null when it
 * found only the gene whose symbol is the term itself: that gene heads the results anyway.
 */
export function proteinLookupMessage(lookup: ProteinLookup): string | null {
  const term = lookup.name.trim().toUpperCase();
  const others = lookup.genes.filter((symbol) => symbol.toUpperCase() !== term);
  const total = lookup.total - (lookup.genes.length - others.length);
  if (total <= 0) return null;
  const listed = others.slice(0, 10).join(", ");
  const more = total - Math.min(others.length, 10);
  return `Protein name “${lookup.name}” also matches ${countOf(total, others.length < lookup.genes.length ? "other gene" : "gene")}: ${listed}${
    more > 0 ? ` and ${more} more` : ""
  } (included in the results).`;
}
