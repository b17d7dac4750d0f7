import { graphql } from "../gql";

/** The paging a mutations tab shows (MutationList): its summary line and pagers. */
export const mutationPaginationFields = graphql(`
  fragment MutationPaginationFields on MutationPagination {
    page
    pageSize
    total
    totalPages
    totalFiltered
    totalConsensus
    consensusPercentage
  }
`);
