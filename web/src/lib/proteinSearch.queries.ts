import { graphql } from "../gql";

/** How a gene of a result list matched; proteinDerived marks the genes only the protein-name lookup found. */
export const geneMatchFields = graphql(`
  fragment GeneMatchFields on GeneMatch {
    geneId
    match
    proteinDerived
  }
`);

/** The protein-name lookup of a search or filter term: what proteinLookupMessage says. */
export const proteinLookupFields = graphql(`
  fragment ProteinLookupFields on ProteinLookupResult {
    name
    genes
    total
  }
`);
