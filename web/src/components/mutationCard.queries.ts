import { graphql } from "../gql";

/** The mutation fields every mutation card shows (gene, disease and study pages). */
export const mutationCardFields = graphql(`
  fragment MutationCardFields on GeneMutation {
    id
    variant
    chromosome
    position
    hdoid
    disease {
      hdoid
      description
    }
    functionClass
    cdnaVariant
    proteinVariant
    exonIntron
    denovo
    sfari
    epilepsyGene
    clinvar
    studyName
    papers {
      pmid
    }
    isSynthetic
    gene {
      id
      humanName
      humanEntrez
      isConsensus
    }
  }
`);
