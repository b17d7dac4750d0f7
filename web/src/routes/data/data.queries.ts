import { graphql } from "../../gql";

export const datasetReleaseQuery = graphql(`
  query DatasetReleasePage {
    datasetRelease {
      name
      version
      built
      hasSyntheticData
      loadedAt
      source
      provenance
      tables {
        file
        rows
        class
        syntheticPart
        note
      }
    }
  }
`);
