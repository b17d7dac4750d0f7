export interface RelevanceQuery {
  q: string;
  type: "gene" | "disease" | "paper" | "suggest" | "filter";
  /** The disease whose genes a 'filter' query filters. */
  hdoid?: string;
  kind: string;
  expected: (string | number)[];
  note?: string;
}
export interface RelevanceSet {
  pageSize: number;
  queries: RelevanceQuery[];
}
export interface RelevanceRow extends RelevanceQuery {
  results: (string | number)[];
  rr: number;
  recall: number;
}
export interface RelevanceScore {
  queries: number;
  mrr: number;
  recall: number;
  byKind: Record<string, { queries: number; mrr: number; recall: number }>;
  rows: RelevanceRow[];
}
// biome-ignore lint/suspicious/noExplicitAny: the data of any of the four search documents
export type GraphQLRunner = (document: string, variables: Record<string, unknown>) => Promise<any>;
export function firstPage(
  graphql: GraphQLRunner,
  query: RelevanceQuery,
  pageSize: number,
  options?: { oldPageRule?: boolean },
): Promise<(string | number)[]>;
export function scoreResults(
  results: (string | number)[],
  expected: (string | number)[],
  pageSize: number,
): { rr: number; recall: number };
export function scoreSet(
  set: RelevanceSet,
  graphql: GraphQLRunner,
  options?: { oldPageRule?: boolean },
): Promise<RelevanceScore>;
