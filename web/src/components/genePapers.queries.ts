import { graphql } from "../gql";

/** A gene's studies, a page at a time: the gene card's Papers tab and the disease card's publications dialog. */
export const genePapersQuery = graphql(`
  query GenePapers($id: Int!, $page: Int!, $pageSize: Int!) {
    gene(id: $id) {
      id
      paperConnection(page: $page, pageSize: $pageSize) {
        totalCount
        hasNextPage
        edges {
          paper {
            pmid
            name
            title
            year
            description
          }
          dataset
          isSynthetic
          species {
            ...SpeciesFields
          }
          brainRegion {
            ...BrainRegionFields
            interlexId
          }
          compartment {
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
  }
`);
