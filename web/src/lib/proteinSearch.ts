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

/** The status line of a protein lookup that found genes (the genes join the results). */
export function proteinLookupMessage(lookup: ProteinLookup): string {
  const listed = lookup.genes.slice(0, 10).join(", ");
  const more = lookup.total - Math.min(lookup.genes.length, 10);
  return `Protein name “${lookup.name}” also matches ${countOf(lookup.total, "gene")}: ${listed}${
    more > 0 ? ` and ${more} more` : ""
  } (included in the results).`;
}
