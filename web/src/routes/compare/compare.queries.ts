import { graphql } from "../../gql";

/**
 * The whole comparison behind /compare: sets, every intersection, the chosen intersection's page of
 * genes and, once asked for, its enrichment. The API button prints this very document.
 */
export const compareSetsQuery = graphql(`
  query CompareSets(
    $sets: [CompareSetInput!]!
    $selected: [Int!]!
    $withSelection: Boolean!
    $page: Int!
    $pageSize: Int!
    $background: AnalysisBackground!
    $withEnrichment: Boolean!
  ) {
    compareSets(sets: $sets) {
      unionSize
      unmapped
      sets {
        index
        kind
        value
        resolvedId
        label
        consensusOnly
        size
        unmapped
        ambiguous {
          identifier
          candidates {
            geneId
            symbol
          }
        }
      }
      intersections {
        sets
        exclusiveSize
      }
      intersection(sets: $selected) @include(if: $withSelection) {
        sets
        exclusiveSize
        genes(page: $page, pageSize: $pageSize) {
          pagination {
            page
            pageSize
            total
            totalPages
          }
          genes {
            geneId
            symbol
            description
            isConsensus
            paperCount
            compartments
            mutationCount
          }
        }
      }
      enrichment(sets: $selected, background: $background) @include(if: $withEnrichment) {
        sets
        geneCount
        background {
          kind
          size
          listInBackground
        }
        categories {
          category
          testedTerms
        }
        enrichment {
          category
          termId
          termName
          group
          overlap
          termSize
          expected
          foldEnrichment
          pValue
          fdr
          genes
          includesSyntheticData
        }
      }
    }
  }
`);

/** The closed lists a set can be picked from (chapters, compartments, regions). */
export const compareOptionsQuery = graphql(`
  query CompareOptions {
    icd11Chapters {
      chapter
      name
    }
    localisations {
      id
      name
    }
    brainRegions {
      id
      name
    }
  }
`);

/** Suggestions while a disease is typed. */
export const compareDiseaseSuggestionsQuery = graphql(`
  query CompareDiseaseSuggestions($q: String!) {
    diseaseSearch(q: $q, pageSize: 8) {
      diseases {
        hdoid
        description
      }
    }
  }
`);

/** Suggestions while a study is typed. */
export const compareStudySuggestionsQuery = graphql(`
  query CompareStudySuggestions($q: String!) {
    paperSearch(q: $q, pageSize: 8) {
      papers {
        pmid
        name
        year
      }
    }
  }
`);
