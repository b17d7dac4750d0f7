import { graphql } from "../gql";

/** The paging a gene tab of a disease or publication card shows: its summary line and pagers. */
export const consensusPaginationFields = graphql(`
  fragment ConsensusPaginationFields on ConsensusPagination {
    page
    pageSize
    total
    totalPages
    totalFiltered
    totalConsensus
  }
`);
