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
import { Species } from "./species.entity";
import { SpeciesRegion } from "./species-region.entity";
import { ApiCallCounter, Visit } from "./stats.entity";
import { SyngoAnnotation } from "./syngo-annotation.entity";
import { SyngoAnnotationGene } from "./syngo-annotation-gene.entity";

export {
  ApiCallCounter,
  BrainRegion,
  Chapter,
  DatasetRelease,
  Disease,
  DiseaseGene,
  Gene,
  GeneTerm,
  GoGene,
  GoTerm,
  Localisation,
  Method,
  Mutation,
  OmimRecord,
  Paper,
  PaperGene,
  PaperMutation,
  Ppi,
  Species,
  SpeciesRegion,
  SyngoAnnotation,
  SyngoAnnotationGene,
  Visit,
};

export const entities = [
  ApiCallCounter,
  BrainRegion,
  Chapter,
  DatasetRelease,
  Disease,
  DiseaseGene,
  Gene,
  GeneTerm,
  GoGene,
  GoTerm,
  Localisation,
  Method,
  Mutation,
  OmimRecord,
  Paper,
  PaperGene,
  PaperMutation,
  Ppi,
  Species,
  SpeciesRegion,
  SyngoAnnotation,
  SyngoAnnotationGene,
  Visit,
];
