import { graphql } from "../../../../gql";

/** The tab's badge count, the diseases associated with the gene: GeneCardFields spreads it into every gene card. */
export const geneDiseasesBadgeFields = graphql(`
  fragment GeneDiseasesBadge on Gene {
    diseasesCount
  }
`);

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
