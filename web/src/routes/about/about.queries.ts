import { graphql } from "../../gql";

/** Every dataset figure the About text quotes, from the loaded release. */
export const aboutFiguresQuery = graphql(`
  query AboutFigures {
    datasetRelease {
      name
      version
      hasSyntheticData
    }
    geneTable(pageSize: 1) {
      pagination {
        total
      }
      consensus {
        totalInDatabase
      }
    }
    diseaseTable(pageSize: 1) {
      pagination {
        total
      }
    }
    paperTableAll {
      pmid
      kind
      isSynthetic
    }
    compartments {
      compartment
      proteinCount
    }
    icd11Chapters {
      chapter
      name
      diseaseCount
      geneCount
    }
  }
`);
