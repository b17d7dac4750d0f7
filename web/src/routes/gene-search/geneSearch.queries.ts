import { graphql } from "../../gql";

/** Search results: the card fields and the tab counts, no tab data. */
export const geneSearchQuery = graphql(`
  query GeneSearch($q: String!, $page: Int!, $pageSize: Int!) {
    geneSearch(q: $q, page: $page, pageSize: $pageSize) {
      genes {
        id
        humanName
        humanEntrez
        mouseEntrez
        ratEntrez
        mgi
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
      matches {
        geneId
        match
        proteinDerived
      }
      proteinLookup {
        name
        genes
        total
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

/* One query per tab: each loads once per gene and is then answered by the cache. */

export const genePapersQuery = graphql(`
  query GenePapers($id: Int!) {
    gene(id: $id) {
      id
      papers {
        pmid
        name
        title
        year
        description
        dataset
        isSynthetic
        species {
          taxid
          name
          sciName
        }
        brainRegion {
          id
          name
          description
          interlexId
        }
        localisation {
          id
          name
        }
        method {
          id
          name
        }
      }
    }
  }
`);

export const geneDiseasesQuery = graphql(`
  query GeneDiseases($id: Int!) {
    gene(id: $id) {
      id
      diseases {
        hdoid
        description
        source
        reference
      }
    }
  }
`);

export const geneMutationsQuery = graphql(`
  query GeneMutations($id: Int!) {
    gene(id: $id) {
      id
      mutations {
        id
        hdoid
        diseaseDescription
        chromosome
        position
        variant
        functionClass
        cdnaVariant
        proteinVariant
        exonIntron
        denovo
        sfari
        epilepsyGene
        clinvar
        studyName
        assembly
        pubmedIds
        isSynthetic
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
  query GeneGoTerms($id: Int!) {
    gene(id: $id) {
      id
      goAnnotations {
        goId
        term
        domain
        evidence
        speciesTaxid
        speciesName
        speciesSciName
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
