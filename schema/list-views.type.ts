import { type Complexity, Field, Float, Int, ObjectType } from "type-graphql";
import { Pagination } from "./gene-views.type";

/**
 * Cost of the rows of one page: the paged field above already multiplies by its pageSize, so the
 * row list itself counts its children once (not as an unpaged list).
 */
export const pageRows: Complexity = ({ childComplexity }) => 1 + childComplexity;

@ObjectType({
  description:
    "Paging of a filtered list: total counts the whole list, totalFiltered the rows the filters keep (what the pages cover).",
})
export class FilteredPagination extends Pagination {
  @Field(() => Int, {
    description: "Rows matching the text filter and mode; totalPages is computed from it.",
  })
  totalFiltered: number;
}

@ObjectType({
  description:
    "Paging of a filtered list of genes or mutations, with how many rows belong to consensus genes.",
})
export class ConsensusPagination extends FilteredPagination {
  @Field(() => Int, {
    description:
      "Rows matching the text filter (whatever the mode) that belong to consensus genes (reported in five or more studies).",
  })
  totalConsensus: number;
}

@ObjectType({ description: "Paging of a mutation list, with the share of mutations in consensus genes." })
export class MutationPagination extends ConsensusPagination {
  @Field(() => Float, {
    description:
      "totalConsensus as a percentage of the mutations matching the text filter (0–100, two decimals).",
  })
  consensusPercentage: number;
}
