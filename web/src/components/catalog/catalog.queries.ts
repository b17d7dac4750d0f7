import { graphql } from "../../gql";

/** The consensus summary above the disease and publication catalogs (catalogConsensusSummary). */
export const catalogConsensusFields = graphql(`
  fragment CatalogConsensusFields on CatalogConsensusSummary {
    totalConsensusGenes
    totalGenes
    overallPercentage
  }
`);
