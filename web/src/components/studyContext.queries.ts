import { graphql } from "../gql";

/** A species as the gene and study tabs show it: its name, then its scientific name. */
export const speciesFields = graphql(`
  fragment SpeciesFields on Species {
    taxid
    name
    sciName
  }
`);

/** The brain region a study sampled, as the gene and study tabs show it. */
export const brainRegionFields = graphql(`
  fragment BrainRegionFields on BrainRegion {
    id
    name
    description
  }
`);
