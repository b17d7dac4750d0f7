import { graphql } from "../gql";

/** Suggestions of the shared search box (spec 1 §2.5). */
export const autocompleteQuery = graphql(`
  query SearchBoxAutocomplete($q: String!, $type: SearchType!, $limit: Int!) {
    autocomplete(q: $q, type: $type, limit: $limit) {
      text
      type
      entityType
      description
      title
      genes
    }
  }
`);

/** Gene symbols a protein-style term resolves to (spec 1 §5): the search box, gene search and disease filter. */
export const proteinLookupQuery = graphql(`
  query ProteinLookup($name: String!) {
    proteinLookup(name: $name) {
      genes
      total
    }
  }
`);
