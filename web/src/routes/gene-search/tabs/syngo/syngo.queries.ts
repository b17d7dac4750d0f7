import { graphql } from "../../../../gql";

/** The tab's badge count, the gene's SynGO annotations (syngoportalCount is the SynGO count): GeneCardFields spreads it into every gene card. */
export const geneSyngoBadgeFields = graphql(`
  fragment GeneSyngoBadge on Gene {
    syngoportalCount
  }
`);

export const geneSyngoQuery = graphql(`
  query GeneSyngo($id: Int!) {
    gene(id: $id) {
      id
      syngoAnnotations {
        id
        goId
        goName
        goDomain
        evidenceBiologicalSystem
        evidenceProteinTargeting
        evidenceExperimentAssay
        evidenceNontraceableAuthorStatement
        pubmedId
        uniprotId
        hgncId
        hgncSymbol
      }
    }
  }
`);
