import { graphql } from "../../../../gql";

/** The tab's badge count, the studies reporting the gene: GeneCardFields spreads it into every gene card. */
export const genePapersBadgeFields = graphql(`
  fragment GenePapersBadge on Gene {
    papersCount
  }
`);

/** The compartment filter's choices. */
export const localisationsQuery = graphql(`
  query Localisations {
    localisations {
      id
      name
      description
    }
  }
`);
