import { graphql } from "../../gql";

/** One page of the Diseases Catalog: the rows, paging and the consensus summary. */
export const diseaseCatalogQuery = graphql(`
  query DiseaseCatalog(
    $page: Int!
    $pageSize: Int!
    $sortBy: DiseaseSortKey!
    $sortDir: SortDirection
    $search: String!
    $consensusOnly: Boolean!
  ) {
    diseaseTable(
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
      diseases {
        hdoid
        description
        geneCount
        consensusGeneCount
        consensusPercentage
        mutationCount
        paperCount
      }
    }
  }
`);
