import { graphql } from "../../gql";

/** The analysis behind /analyze (the same selection POST /api/analyze runs). */
export const analyzeGeneListQuery = graphql(`
  query AnalyzeGeneList($input: AnalyzeGeneListInput!) {
    analyzeGeneList(input: $input) {
      inputCount
      mapped {
        identifier
        geneId
        symbol
        matchedBy
      }
      ambiguous {
        identifier
        candidates {
          geneId
          symbol
          matchedBy
        }
      }
      unmapped
      genes {
        geneId
        symbol
        description
        humanEntrez
        identifiers
        isConsensus
        paperCount
        compartments
        diseases
        icd11Chapters
      }
      background {
        kind
        size
        listInBackground
        listOutsideBackground
        unmappedBackgroundIdentifiers
      }
      categories {
        category
        testedTerms
      }
      enrichment {
        category
        termId
        termName
        group
        overlap
        termSize
        expected
        foldEnrichment
        pValue
        fdr
        genes
        includesSyntheticData
      }
    }
  }
`);
