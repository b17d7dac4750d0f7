import { graphql } from "../../gql";

/*
 * The three requests of the history screen (spec 2 §7.1), one per chart, each
 * matching one REST path. The two disease documents read the same server field with
 * different year fields, so the page runs them without the cache (no merging).
 */

/** /api/stats/accumulated-diseases */
export const accumulatedDiseasesQuery = graphql(`
  query AccumulatedDiseases {
    diseaseHistory {
      isSynthetic
      note
      years {
        year
        accumulatedDiseaseCount
      }
    }
  }
`);

/** /api/stats/new-diseases */
export const newDiseasesQuery = graphql(`
  query NewDiseases {
    diseaseHistory {
      isSynthetic
      note
      years {
        year
        newDiseaseCount
      }
    }
  }
`);

/** /api/stats/accumulated-gene-localizations */
export const geneLocalizationHistoryQuery = graphql(`
  query AccumulatedGeneLocalizations {
    geneLocalizationHistory {
      localizations
      includesSyntheticSamples
      years {
        year
        totalAccumulated
        counts {
          localization
          count
        }
      }
    }
  }
`);
