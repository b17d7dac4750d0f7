// The portal's GraphQL for a gene, a disease and a study page, in one request each: what the web asks
// for the page (web/src/routes/*/…queries.ts), each tab's list whole for a gene (the same logical page
// as the peers' in bench/peer/cold.mjs) and the first page of each for a disease and a study.

export const PORTAL_GENE = `query GenePage($id: Int!) {
  gene(id: $id) {
    id humanName humanEntrez mouseEntrez ratEntrez mgi description hgncId ensemblId uniprotId aliases isConsensus
    papersCount diseasesCount mutationsCount omimCount syngoCount syngoportalCount
    papers { pmid name title year description dataset isSynthetic
      species { taxid name sciName } brainRegion { id name description interlexId } localisation { id name }
      method { id name } }
    diseases { hdoid description source reference }
    mutations { id hdoid diseaseDescription chromosome position variant functionClass cdnaVariant proteinVariant
      exonIntron denovo sfari epilepsyGene clinvar studyName assembly pubmedIds isSynthetic }
    omimRecords { omimId phenotype icd11Chapter icd11ChapterName icdCode inheritance knownFrom pmid hdoid humanEntrez
      syntheticFields }
    goAnnotations { goId term domain evidence speciesTaxid speciesName speciesSciName }
    syngoAnnotations { id goId goName goDomain evidenceBiologicalSystem evidenceProteinTargeting
      evidenceExperimentAssay evidenceNontraceableAuthorStatement pubmedId uniprotId hgncId hgncSymbol }
  }
}`;

export const PORTAL_DISEASE = `query DiseasePage($hdoid: String!) {
  disease(hdoid: $hdoid) {
    hdoid description definition geneCount mutationCount paperCount
    consensusStats { totalConsensusGenes totalConsensusMutations mutationConsensusPercentage }
    genes(page: 1, pageSize: 20, term: "", mode: CONSENSUS) {
      genes { id humanName humanEntrez mouseEntrez ratEntrez mgi paperCount isConsensus }
      pagination { page pageSize total totalPages totalFiltered totalConsensus }
      matches { geneId match proteinDerived } proteinLookup { name genes total } }
    mutations(page: 1, pageSize: 20, term: "", mode: ALL) {
      mutations { id variant chromosome position hdoid functionClass cdnaVariant proteinVariant exonIntron denovo
        sfari epilepsyGene clinvar studyName pubmedIds isSynthetic gene { id humanName humanEntrez isConsensus } }
      pagination { page pageSize total totalPages totalFiltered totalConsensus consensusPercentage } }
    papers(page: 1, pageSize: 20, term: "") {
      papers { pmid year name paperTitle description isSynthetic }
      pagination { page pageSize total totalPages totalFiltered } }
  }
}`;

export const PORTAL_STUDY = `query StudyPage($pmid: Int!) {
  paper(pmid: $pmid) {
    pmid name paperTitle year description isSynthetic geneCount mutationCount
    consensusStats { totalConsensusGenes consensusPercentage }
    availableLocalizations
    genes(page: 1, pageSize: 20, term: "", mode: CONSENSUS) {
      genes { dataset isConsensus isSynthetic gene { id humanName humanEntrez mouseEntrez ratEntrez mgi }
        species { taxid name sciName } brainRegion { id name description } localisation { id name }
        method { id name } }
      pagination { page pageSize total totalPages totalFiltered totalConsensus } }
  }
}`;
