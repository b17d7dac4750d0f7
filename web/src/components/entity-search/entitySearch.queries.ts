import { graphql } from "../../gql";

/** The paging of a search screen's results (EntitySearchPage): its count line and pagers. */
export const searchPaginationFields = graphql(`
  fragment SearchPaginationFields on Pagination {
    page
    pageSize
    total
    totalPages
  }
`);
