import { graphql } from "../../gql";

/** Top proteins listed per region and compartment (the REST default). */
export const TOP_LIMIT = 10;

/** The heatmap and every side-panel figure, in one request. */
export const brainRegionDistributionQuery = graphql(`
  query BrainRegionDistributionPage($topLimit: Int!) {
    brainRegionDistribution(topLimit: $topLimit) {
      consensusGeneCount
      compartments
      totalProteinsMapped
      regions {
        region {
          id
          name
          description
          interlexId
        }
        distinctProteinCount
        paperCount
        compartments {
          name
          proteinCount
          paperCount
          topProteins {
            geneId
            symbol
            paperCount
          }
          speciesDistribution {
            speciesName
            proteinCount
          }
        }
      }
    }
  }
`);

/** Rows a page of the side panel's protein table. */
export const PROTEIN_PAGE_SIZE = 50;

/** One page of the consensus proteins of one region and compartment (the side panel's table). */
export const regionProteinsQuery = graphql(`
  query BrainRegionProteinsPage($regionId: Int!, $compartment: CompartmentName!, $page: Int!, $pageSize: Int!) {
    brainRegionProteinTable(regionId: $regionId, compartment: $compartment, page: $page, pageSize: $pageSize) {
      proteins {
        geneId
        symbol
        humanEntrez
        paperCount
        species
      }
      pagination {
        page
        total
        totalPages
      }
    }
  }
`);
