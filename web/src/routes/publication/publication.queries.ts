import { graphql } from "../../gql";

/** The figures the publication page sets beside the paper's: computed from the loaded release. */
export const publicationFiguresQuery = graphql(`
  query PublicationFigures {
    datasetRelease {
      name
      version
    }
    geneTable(pageSize: 1) {
      pagination {
        total
      }
    }
    compartments {
      compartment
      proteinCount
    }
    ppiNetworks {
      network
      nodes
      edges
    }
    paperTableAll {
      pmid
      year
      kind
      isSynthetic
    }
  }
`);
