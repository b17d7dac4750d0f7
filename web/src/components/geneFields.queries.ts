import { graphql } from "../gql";

/** A gene's symbol and identifiers, as its cards and rows show them (GeneIdFields: Entrez ids, MGI). */
export const geneIdentityFields = graphql(`
  fragment GeneIdentityFields on Gene {
    id
    humanName
    humanEntrez
    mouseEntrez
    ratEntrez
    mgi
  }
`);
