import { bool, type JsonSchema, nonNull, nullable, type Shape } from "../response-schema";
import type { GraphQLData } from "../route-table";

/** How one ranked gene matched the term, as the one ranking (gateway/search/gene-ranking.ts) says. */
interface GeneMatch {
  match: string;
  proteinDerived: boolean;
}

/**
 * A gene row of a searched list with how it matched (`match`) and whether only the protein-name lookup
 * found it (`protein_derived`); without a term the list is not ranked: `match` is null.
 */
export function withMatch<Row extends object>(row: Row, match: GeneMatch | undefined) {
  return { ...row, match: match?.match ?? null, protein_derived: match?.proteinDerived ?? false };
}

/** The schema of such a row: the row's own schema plus the two match fields. */
export function withMatchSchema(row: JsonSchema, matches: Shape, matchAlwaysSet: boolean): JsonSchema {
  const match = matches.f("match");
  return {
    ...row,
    required: [...(row.required ?? []), "match", "protein_derived"],
    properties: {
      ...row.properties,
      match: matchAlwaysSet ? nonNull(match) : nullable(nonNull(match)),
      protein_derived: bool,
    },
  };
}

/** Rows of a ranked list paired with their matches (same order, same length). */
export const rowsWithMatches = <Row extends object>(
  rows: GraphQLData[],
  matches: GeneMatch[],
  toRow: (g: GraphQLData) => Row,
) => rows.map((g, i) => withMatch(toRow(g), matches[i]));
