import {
  BrainRegion,
  Chapter,
  Disease,
  DiseaseGene,
  Gene,
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
} from "../schema";
import type { DatasetTable } from "../schema/dataset-release.entity";

/** Rows of every table, keyed by entity, ready for the loader. Derived tables are computed by the loader. */
export interface ReleaseRows {
  brainRegions: BrainRegion[];
  chapters: Chapter[];
  diseases: Disease[];
  diseaseGenes: DiseaseGene[];
  genes: Gene[];
  goGenes: GoGene[];
  goTerms: GoTerm[];
  localisations: Localisation[];
  methods: Method[];
  mutations: Mutation[];
  omimRecords: OmimRecord[];
  papers: Paper[];
  paperGenes: PaperGene[];
  paperMutations: PaperMutation[];
  ppis: Ppi[];
  species: Species[];
  speciesRegions: SpeciesRegion[];
  syngoAnnotations: SyngoAnnotation[];
  syngoAnnotationGenes: SyngoAnnotationGene[];
}

export interface ReleaseInfo {
  name: string;
  version: string;
  built: string | null;
  source: string;
  hasSyntheticData: boolean;
  tables: DatasetTable[];
  provenance: string;
}

export interface Release {
  info: ReleaseInfo;
  rows: ReleaseRows;
}

/** Load order: parents before children, so the order doubles as the order of foreign keys. */
export const tableOrder: { key: keyof ReleaseRows; entity: new () => object }[] = [
  { key: "species", entity: Species },
  { key: "brainRegions", entity: BrainRegion },
  { key: "speciesRegions", entity: SpeciesRegion },
  { key: "localisations", entity: Localisation },
  { key: "methods", entity: Method },
  { key: "chapters", entity: Chapter },
  { key: "genes", entity: Gene },
  { key: "papers", entity: Paper },
  { key: "paperGenes", entity: PaperGene },
  { key: "diseases", entity: Disease },
  { key: "diseaseGenes", entity: DiseaseGene },
  { key: "mutations", entity: Mutation },
  { key: "paperMutations", entity: PaperMutation },
  { key: "goTerms", entity: GoTerm },
  { key: "goGenes", entity: GoGene },
  { key: "syngoAnnotations", entity: SyngoAnnotation },
  { key: "syngoAnnotationGenes", entity: SyngoAnnotationGene },
  { key: "omimRecords", entity: OmimRecord },
  { key: "ppis", entity: Ppi },
];

/** Build an entity instance from plain values (keeps getters on the class working). */
export function make<T extends object>(entity: new () => T, values: Partial<T>): T {
  return Object.assign(new entity(), values);
}

/** A paper is sample data when the release marks it synthetic, or (synaptome.db files) its name ends _SAMPLE. */
export const isSampleStudyName = (name: string): boolean => /_SAMPLE$/i.test(name);
