import { graphql } from "../../gql";

/** One page of the Synapse Proteome Catalog: the rows, paging and the consensus summary. */
export const geneCatalogQuery = graphql(`
  query GeneCatalog(
    $page: Int!
    $pageSize: Int!
    $sortBy: GeneSortKey!
    $sortDir: SortDirection
    $search: String!
    $consensusOnly: Boolean!
    $minStudies: Int
  ) {
    geneTable(
      page: $page
      pageSize: $pageSize
      sortBy: $sortBy
      sortDir: $sortDir
      search: $search
      consensusOnly: $consensusOnly
      minStudies: $minStudies
    ) {
      pagination {
        ...PaginationFields
      }
      consensus {
        totalInResult
        percentageInResult
        totalInDatabase
      }
      genes {
        id
        humanName
        humanEntrez
        mouseName
        mouseEntrez
        ratName
        ratEntrez
        mgi
        paperCount
        diseasesCount
        omimCount
        syngoCount
        isConsensus
      }
    }
  }
`);
