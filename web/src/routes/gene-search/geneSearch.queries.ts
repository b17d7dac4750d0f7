import { graphql } from "../../gql";
import type { GeneSearchQuery } from "../../gql/graphql";

/** A gene of the results, and whether only the protein-name lookup of the term found it. */
export type SearchGene = GeneSearchQuery["geneSearch"]["genes"][number] & { proteinDerived: boolean };

/** A gene card's fields and tab counts (no tab data): a search result's, and the gene page's. */
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
    papersCount
    diseasesCount
    mutationsCount
    omimCount
    syngoCount
    syngoportalCount
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

export const localisationsQuery = graphql(`
  query Localisations {
    localisations {
      id
      name
      description
    }
  }
`);

/*
 * One query per tab, each on the gene's paged connection: the tab loads once per gene
 * (or once per page) and is then answered by the cache.
 */

export const geneDiseasesQuery = graphql(`
  query GeneDiseases($id: Int!, $page: Int!, $pageSize: Int!) {
    gene(id: $id) {
      id
      diseaseConnection(page: $page, pageSize: $pageSize) {
        totalCount
        hasNextPage
        edges {
          disease {
            hdoid
            description
          }
          source
          reference
        }
      }
    }
  }
`);

export const geneMutationsQuery = graphql(`
  query GeneMutations($id: Int!, $page: Int!, $pageSize: Int!) {
    gene(id: $id) {
      id
      mutationConnection(page: $page, pageSize: $pageSize) {
        totalCount
        nodes {
          ...MutationCardFields
          assembly
        }
      }
    }
  }
`);

export const geneOmimQuery = graphql(`
  query GeneOmim($id: Int!) {
    gene(id: $id) {
      id
      omimRecords {
        omimId
        phenotype
        icd11Chapter
        icd11ChapterName
        icdCode
        inheritance
        knownFrom
        pmid
        hdoid
        humanEntrez
        syntheticFields
      }
    }
  }
`);

export const geneGoTermsQuery = graphql(`
  query GeneGoTerms($id: Int!, $page: Int!, $pageSize: Int!) {
    gene(id: $id) {
      id
      goTermConnection(page: $page, pageSize: $pageSize) {
        totalCount
        edges {
          term {
            goId
            term
            domain
          }
          evidence
          species {
            ...SpeciesFields
          }
        }
      }
    }
  }
`);

export const geneSyngoQuery = graphql(`
  query GeneSyngo($id: Int!) {
    gene(id: $id) {
      id
      syngoAnnotations {
        id
        goId
        goName
        goDomain
        evidenceBiologicalSystem
        evidenceProteinTargeting
        evidenceExperimentAssay
        evidenceNontraceableAuthorStatement
        pubmedId
        uniprotId
        hgncId
        hgncSymbol
      }
    }
  }
`);
