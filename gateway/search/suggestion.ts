// What the search index is built from and what it answers: the shared search box's suggestions.

/** What the index is built from: plain rows read by the search service. */
export interface SearchSource {
  genes: {
    id: number;
    symbol: string;
    proteinName: string | null;
    aliases: string[];
    humanEntrez: number | null;
    mouseEntrez: number | null;
    ratEntrez: number | null;
    mgi: string | null;
    uniprot: string | null;
  }[];
  diseases: { hdoid: string; name: string }[];
  papers: { pmid: number; name: string; title: string | null; year: number }[];
}

export type EntityType = "gene" | "disease" | "paper" | "protein";
export const SUGGESTION_SCOPES = ["all", "gene", "disease", "paper"] as const;
export type SuggestionScope = (typeof SUGGESTION_SCOPES)[number];

/** One suggestion of the shared search box (spec 1 §3). */
export interface Suggestion {
  text: string;
  type: string;
  entityType: EntityType;
  description: string | null;
  title: string | null;
  genes: string[];
}
