import { graphql } from "../../gql";
import type { GeneSearchQuery } from "../../gql/graphql";

/** A gene of the results, and whether only the protein-name lookup of the term found it. */
export type SearchGene = GeneSearchQuery["geneSearch"]["genes"][number] & { proteinDerived: boolean };

/** A gene card's fields and its tabs' badge counts (tabs/<tab>/, no tab data): a search result's, and the gene page's. */
export const geneCardFields = graphql(`
  fragment GeneCardFields on Gene {
    ...GeneIdentityFields
    url
    description
    hgncId
    ensemblId
    uniprotId
    aliases
    isConsensus
    ...GenePapersBadge
    ...GeneDiseasesBadge
    ...GeneMutationsBadge
    ...GeneOmimBadge
    ...GeneGoBadge
    ...GeneSyngoBadge
  }
`);

/** The gene page's gene, by its symbol (the page's address). */
export const geneRecordQuery = graphql(`
  query GeneRecord($symbol: String!) {
    gene(symbol: $symbol) {
      ...GeneCardFields
    }
  }
`);

/** Search results: the card fields and the tab counts, no tab data. */
export const geneSearchQuery = graphql(`
  query GeneSearch($q: String!, $page: Int!, $pageSize: Int!) {
    geneSearch(q: $q, page: $page, pageSize: $pageSize) {
      genes {
        ...GeneCardFields
      }
      matches {
        ...GeneMatchFields
      }
      proteinLookup {
        ...ProteinLookupFields
      }
      pagination {
        page
        pageSize
        total
        totalPages
      }
    }
  }
`);

export const consensusIdsQuery = graphql(`
  query ConsensusGeneEntrezIds {
    consensusGeneEntrezIds
  }
`);
