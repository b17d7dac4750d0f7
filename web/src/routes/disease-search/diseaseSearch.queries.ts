import { graphql } from "../../gql";

/** A disease card's fields, tab totals and consensus stats (no tab data): a search result's, and the disease page's. */
export const diseaseCardFields = graphql(`
  fragment DiseaseCardFields on Disease {
    hdoid
    url
    description
    definition
    icd11Chapter
    geneCount
    mutationCount
    paperCount
    consensusStats {
      totalConsensusGenes
      totalConsensusMutations
      mutationConsensusPercentage
    }
  }
`);

/** The disease page's disease, by its DOID (the page's address). */
export const diseaseRecordQuery = graphql(`
  query DiseaseRecord($hdoid: String!) {
    disease(hdoid: $hdoid) {
      ...DiseaseCardFields
    }
  }
`);

/** Search results: the card fields, tab totals and consensus stats; no tab data. */
export const diseaseSearchQuery = graphql(`
  query DiseaseSearch($q: String!, $page: Int!, $pageSize: Int!) {
    diseaseSearch(q: $q, page: $page, pageSize: $pageSize) {
      diseases {
        ...DiseaseCardFields
      }
      pagination {
        ...PaginationFields
      }
    }
  }
`);

export const diseaseGenesQuery = graphql(`
  query DiseaseGenes($hdoid: String!, $page: Int!, $pageSize: Int!, $term: String!, $mode: DisplayMode!) {
    disease(hdoid: $hdoid) {
      hdoid
      genes(page: $page, pageSize: $pageSize, term: $term, mode: $mode) {
        genes {
          ...GeneIdentityFields
          paperCount
          isConsensus
        }
        pagination {
          ...ConsensusPaginationFields
        }
        matches {
          ...GeneMatchFields
        }
        proteinLookup {
          ...ProteinLookupFields
        }
      }
    }
  }
`);

export const diseaseMutationsQuery = graphql(`
  query DiseaseMutations($hdoid: String!, $page: Int!, $pageSize: Int!, $term: String!, $mode: DisplayMode!) {
    disease(hdoid: $hdoid) {
      hdoid
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

export const diseasePapersQuery = graphql(`
  query DiseasePapers($hdoid: String!, $page: Int!, $pageSize: Int!, $term: String!) {
    disease(hdoid: $hdoid) {
      hdoid
      papers(page: $page, pageSize: $pageSize, term: $term) {
        papers {
          pmid
          year
          name
          paperTitle
          description
          isSynthetic
        }
        pagination {
          page
          pageSize
          total
          totalPages
          totalFiltered
        }
      }
    }
  }
`);
