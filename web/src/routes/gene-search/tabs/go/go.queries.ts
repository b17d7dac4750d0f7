import { graphql } from "../../../../gql";

/** The tab's badge count, the gene's GO annotations (syngoCount is the GO count): GeneCardFields spreads it into every gene card. */
export const geneGoBadgeFields = graphql(`
  fragment GeneGoBadge on Gene {
    syngoCount
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
