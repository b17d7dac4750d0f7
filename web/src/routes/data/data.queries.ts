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
    bulkExports {
      name
      kind
      summary
      columns
      path
    }
    databaseSchema {
      kinds {
        key
        label
      }
      tables {
        name
        kind
        description
        rowCount
      }
    }
  }
`);
