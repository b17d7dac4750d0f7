import { BrainRegion } from "./brain-region.entity";
import { Chapter } from "./chapter.entity";
import { DatasetRelease } from "./dataset-release.entity";
import { Disease } from "./disease.entity";
import { DiseaseGene } from "./disease-gene.entity";
import { Gene } from "./gene.entity";
import { GeneTerm } from "./gene-term.entity";
import { GoGene } from "./go-gene.entity";
import { GoTerm } from "./go-term.entity";
import { Localisation } from "./localisation.entity";
import { Method } from "./method.entity";
import { Mutation } from "./mutation.entity";
import { OmimRecord } from "./omim-record.entity";
import { Paper } from "./paper.entity";
import { PaperGene } from "./paper-gene.entity";
import { PaperMutation } from "./paper-mutation.entity";
import { Ppi } from "./ppi.entity";
import { DerivedData, GeneDocument, ListCount, ListRow, ReleaseDocument } from "./read-model.entity";
import { Species } from "./species.entity";
import { SpeciesRegion } from "./species-region.entity";
import { ApiCallCounter, Visit } from "./stats.entity";
import { SyngoAnnotation } from "./syngo-annotation.entity";
import { SyngoAnnotationGene } from "./syngo-annotation-gene.entity";

/**
 * The tables a release loads, by their key in a release's rows, parents before children: the order
 * of loading doubles as the order of foreign keys (seeds/release.ts reads it for loading, the
 * release switch and rollback).
 */
export const releaseEntities = {
  species: Species,
  brainRegions: BrainRegion,
  speciesRegions: SpeciesRegion,
  localisations: Localisation,
  methods: Method,
  chapters: Chapter,
  genes: Gene,
  papers: Paper,
  paperGenes: PaperGene,
  diseases: Disease,
  diseaseGenes: DiseaseGene,
  mutations: Mutation,
  paperMutations: PaperMutation,
  goTerms: GoTerm,
  goGenes: GoGene,
  syngoAnnotations: SyngoAnnotation,
  syngoAnnotationGenes: SyngoAnnotationGene,
  omimRecords: OmimRecord,
  ppis: Ppi,
} as const;

/**
 * The release's derived data: the page-shaped tables the loader builds from a release's tables and
 * switches in with them, and the record of the version that built them.
 */
export const derivedDataEntities = [ListRow, ListCount, GeneDocument, ReleaseDocument, DerivedData] as const;

/**
 * Every entity of the model: the release tables, the tables the loader derives (gene terms, read
 * models), the release history and the live counters.
 */
export const entities = [
  ...Object.values(releaseEntities),
  GeneTerm,
  ...derivedDataEntities,
  DatasetRelease,
  ApiCallCounter,
  Visit,
];

// Each entity class by name, for the layers above (`import { Gene } from "../schema"`).
export { BrainRegion } from "./brain-region.entity";
export { Chapter } from "./chapter.entity";
export { DatasetRelease } from "./dataset-release.entity";
export { Disease } from "./disease.entity";
export { DiseaseGene } from "./disease-gene.entity";
export { Gene } from "./gene.entity";
export { GeneTerm } from "./gene-term.entity";
export { GoGene } from "./go-gene.entity";
export { GoTerm } from "./go-term.entity";
export { Localisation } from "./localisation.entity";
export { Method } from "./method.entity";
export { Mutation } from "./mutation.entity";
export { OmimRecord } from "./omim-record.entity";
export { Paper } from "./paper.entity";
export { PaperGene } from "./paper-gene.entity";
export { PaperMutation } from "./paper-mutation.entity";
export { Ppi } from "./ppi.entity";
export { DerivedData, GeneDocument, ListCount, ListRow, ReleaseDocument } from "./read-model.entity";
export { Species } from "./species.entity";
export { SpeciesRegion } from "./species-region.entity";
export { ApiCallCounter, Visit } from "./stats.entity";
export { SyngoAnnotation } from "./syngo-annotation.entity";
export { SyngoAnnotationGene } from "./syngo-annotation-gene.entity";
