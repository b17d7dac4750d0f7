import { graphql } from "../../gql";

/** One page of the Publications Catalog: the rows, paging and the consensus summary. */
export const paperCatalogQuery = graphql(`
  query PaperCatalog(
    $page: Int!
    $pageSize: Int!
    $sortBy: PaperSortKey!
    $sortDir: SortDirection
    $search: String!
    $consensusOnly: Boolean!
  ) {
    paperTable(
      page: $page
      pageSize: $pageSize
      sortBy: $sortBy
      sortDir: $sortDir
      search: $search
      consensusOnly: $consensusOnly
    ) {
      pagination {
        ...PaginationFields
      }
      consensus {
        ...CatalogConsensusFields
      }
      papers {
        pmid
        year
        paperTitle
        isSynthetic
        geneCount
        consensusGeneCount
        consensusPercentage
        mutationCount
      }
    }
  }
`);
