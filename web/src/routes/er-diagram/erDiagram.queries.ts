import { graphql } from "../../gql";

export const databaseSchemaQuery = graphql(`
  query ErDiagramSchema {
    databaseSchema {
      kinds {
        key
        label
        rule
      }
      tables {
        name
        entity
        kind
        description
        rowCount
        columns {
          name
          type
          nullable
          primary
          references
        }
      }
      relations {
        fromTable
        fromColumn
        toTable
        toColumn
        cardinality
      }
    }
  }
`);
