import { graphql } from "../gql";

/** The paging of a search screen's results or of a catalog page: its count line and pagers. */
export const paginationFields = graphql(`
  fragment PaginationFields on Pagination {
    page
    pageSize
    total
    totalPages
  }
`);
