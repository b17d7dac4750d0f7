import { graphql } from "../../gql";

/** A study card's fields, totals and consensus stats (no tab data): a search result's, and the study page's. */
export const paperCardFields = graphql(`
  fragment PaperCardFields on Paper {
    pmid
    url
    name
    paperTitle
    year
    description
    isSynthetic
    syntheticFields
    geneCount
    mutationCount
    consensusStats {
      totalConsensusGenes
      consensusPercentage
    }
  }
`);

/** The study page's study, by its PubMed id or name (the page's address). */
export const studyRecordQuery = graphql(`
  query StudyRecord($pmid: Int, $name: String) {
    paper(pmid: $pmid, name: $name) {
      ...PaperCardFields
    }
  }
`);

/** Search results: the card fields, totals and consensus stats; no tab data. */
export const paperSearchQuery = graphql(`
  query PaperSearch($q: String!, $page: Int!, $pageSize: Int!) {
    paperSearch(q: $q, page: $page, pageSize: $pageSize) {
      papers {
        ...PaperCardFields
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
