import { graphql } from "../../../../gql";

/** The tab's badge count, the gene's OMIM records: GeneCardFields spreads it into every gene card. */
export const geneOmimBadgeFields = graphql(`
  fragment GeneOmimBadge on Gene {
    omimCount
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
