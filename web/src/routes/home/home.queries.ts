import { graphql } from "../../gql";

/** Headline figures of the overview text, counted from the database. */
export const homeOverviewQuery = graphql(`
  query HomeOverview {
    datasetOverview {
      studies
      syntheticStudies
      proteins
      includesSyntheticSamples
      consensusGenes
      consensusMinStudies
      diseaseLinkedGenes
      diseaseLinkedPercentage
      linkedDisorders
      omimPhenotypes
    }
  }
`);

/** ICD-11 chapter summaries for the home chapter cards. */
export const homeChaptersQuery = graphql(`
  query HomeChapters {
    icd11Chapters {
      chapter
      name
      diseaseCount
      geneCount
    }
  }
`);

export const homeVisitStatsQuery = graphql(`
  query HomeVisitStats {
    visitStats {
      uniqueVisitors
      totalVisits
    }
  }
`);

export const homeApiUsageQuery = graphql(`
  query HomeApiUsage {
    apiUsage {
      totalCalls
    }
  }
`);
