import { graphql } from "../../gql";

/** The four compartment cards: distinct proteins per compartment. */
export const compartmentSummariesQuery = graphql(`
  query CompartmentCards {
    compartments {
      compartment
      proteinCount
    }
    datasetOverview {
      includesSyntheticSamples
    }
  }
`);

/** One filtered, sorted page of a compartment's proteins: the server filters, sorts and pages. */
export const compartmentProteinsQuery = graphql(`
  query CompartmentProteinsPanel(
    $compartment: CompartmentName!
    $search: String!
    $frequency: FrequencyBand
    $sortBy: CompartmentProteinSortKey!
    $sortDir: SortDirection
    $page: Int!
    $pageSize: Int!
  ) {
    compartmentProteinTable(
      compartment: $compartment
      search: $search
      frequency: $frequency
      sortBy: $sortBy
      sortDir: $sortDir
      page: $page
      pageSize: $pageSize
    ) {
      proteins {
        paperCount
        frequency
        gene {
          ...GeneIdentityFields
          uniprotId
          ensemblId
        }
      }
      pagination {
        page
        total
        totalPages
      }
    }
  }
`);
