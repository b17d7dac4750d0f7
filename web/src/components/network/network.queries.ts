import { graphql } from "../../gql";

/** A protein interaction network of genes, a gene list or a compartment (capped for drawing). */
export const geneNetworkQuery = graphql(`
  query GeneNetwork($input: GeneNetworkInput!) {
    geneNetwork(input: $input) {
      mode
      seedCount
      totalNodes
      totalEdges
      truncated
      message
      maxNodes
      maxEdges
      unmatched
      nodes {
        geneId
        symbol
        isSeed
        isConsensus
        diseaseCount
        degree
      }
      edges {
        source
        target
        sourceSymbol
        targetSymbol
        type
        method
      }
    }
  }
`);
