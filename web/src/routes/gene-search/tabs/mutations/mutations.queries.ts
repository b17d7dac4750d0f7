import { graphql } from "../../../../gql";

/** The tab's badge count, the mutations of the gene: GeneCardFields spreads it into every gene card. */
export const geneMutationsBadgeFields = graphql(`
  fragment GeneMutationsBadge on Gene {
    mutationsCount
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
