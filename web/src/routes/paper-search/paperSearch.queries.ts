import { graphql } from "../../gql";

/** Search results: the card fields, totals and consensus stats; no tab data. */
export const paperSearchQuery = graphql(`
  query PaperSearch($q: String!, $page: Int!, $pageSize: Int!) {
    paperSearch(q: $q, page: $page, pageSize: $pageSize) {
      papers {
        pmid
        name
        paperTitle
        year
        description
        isSynthetic
        geneCount
        mutationCount
        consensusStats {
          totalConsensusGenes
          consensusPercentage
        }
      }
      pagination {
        ...PaginationFields
      }
    }
  }
`);

export const paperGenesQuery = graphql(`
  query PaperGenes(
    $pmid: Int!
    $page: Int!
    $pageSize: Int!
    $term: String!
    $localization: CompartmentName
    $mode: DisplayMode!
  ) {
    paper(pmid: $pmid) {
      pmid
      availableLocalizations
      genes(page: $page, pageSize: $pageSize, term: $term, localization: $localization, mode: $mode) {
        genes {
          dataset
          isConsensus
          isSynthetic
          gene {
            ...GeneIdentityFields
          }
          species {
            ...SpeciesFields
          }
          brainRegion {
            ...BrainRegionFields
          }
          localisation {
            id
            name
          }
          method {
            id
            name
          }
        }
        pagination {
          ...ConsensusPaginationFields
        }
      }
    }
  }
`);

export const paperMutationsQuery = graphql(`
  query PaperMutations($pmid: Int!, $page: Int!, $pageSize: Int!, $term: String!, $mode: DisplayMode!) {
    paper(pmid: $pmid) {
      pmid
      mutations(page: $page, pageSize: $pageSize, term: $term, mode: $mode) {
        mutations {
          ...MutationCardFields
        }
        pagination {
          ...MutationPaginationFields
        }
      }
    }
  }
`);
