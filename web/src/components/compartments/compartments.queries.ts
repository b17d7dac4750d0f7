import { graphql } from "../../gql";

/** The four compartment cards: distinct proteins per compartment. */
export const compartmentSummariesQuery = graphql(`
  query CompartmentCards {
    compartments {
      compartment
      proteinCount
    }
    datasetOverview {
      includesSyntheticSamples
    }
  }
`);

/** Every protein of one compartment; the panel filters, sorts and pages them in the browser. */
export const compartmentProteinsQuery = graphql(`
  query CompartmentProteinsPanel($compartment: String!) {
    compartmentProteins(compartment: $compartment) {
      paperCount
      frequency
      gene {
        id
        humanName
        humanEntrez
        mouseEntrez
        ratEntrez
        mgi
        uniprotId
        ensemblId
      }
    }
  }
`);
