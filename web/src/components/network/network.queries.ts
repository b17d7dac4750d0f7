import { graphql } from "../../gql";
import type { NetworkMode } from "../../gql/graphql";
import { pageQuery } from "../../lib/pageQuery";

/** What a network is drawn for: genes, or a compartment's proteins. */
export interface NetworkSource {
  geneIds?: number[];
  compartment?: string;
}

/** The mode a network view opens in: the genes and their partners. */
export const DEFAULT_NETWORK_MODE: NetworkMode = "INDUCED";

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

/** A network view's query for a source and a mode (a gene's page preloads the first: its network tab). */
export const networkRequest = (source: NetworkSource, mode: NetworkMode = DEFAULT_NETWORK_MODE) =>
  pageQuery(geneNetworkQuery, { input: { ...source, mode } });
