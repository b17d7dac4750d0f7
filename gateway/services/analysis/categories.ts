import type { DataSource, SelectQueryBuilder } from "typeorm";
import {
  BrainRegion,
  Chapter,
  Disease,
  DiseaseGene,
  GoGene,
  GoTerm,
  Localisation,
  PaperGene,
  SyngoAnnotation,
  SyngoAnnotationGene,
} from "../../../schema";
import { EnrichmentCategory } from "../../../schema/analysis-views.type";

/** How one enrichment category's terms annotate genes, as SQL: what term sizes count and a list's pairs are. */
export interface CategoryQuery {
  /** (gene_id AS gene_id, term id AS term) pairs joined to what names the term; gene alias "g" is joined. */
  pairs: (db: DataSource) => SelectQueryBuilder<object>;
  geneColumn: string;
  termColumn: string;
  /** Label and group expressions (aggregated with MAX). */
  name: string;
  group: string | null;
  synthetic: string | null;
}

export const CATEGORY_QUERIES: Record<EnrichmentCategory, CategoryQuery> = {
  [EnrichmentCategory.COMPARTMENT]: {
    pairs: (db) =>
      db
        .getRepository(PaperGene)
        .createQueryBuilder("x")
        .innerJoin(Localisation, "t", "t.id = x.localisation_id"),
    geneColumn: "x.gene_id",
    termColumn: "t.name",
    name: "t.name",
    group: null,
    synthetic: "x.is_synthetic",
  },
  [EnrichmentCategory.BRAIN_REGION]: {
    pairs: (db) =>
      db
        .getRepository(PaperGene)
        .createQueryBuilder("x")
        .innerJoin(BrainRegion, "t", "t.id = x.brain_region_id"),
    geneColumn: "x.gene_id",
    termColumn: "t.name",
    name: "t.name",
    group: null,
    synthetic: "x.is_synthetic",
  },
  [EnrichmentCategory.DISEASE]: {
    pairs: (db) =>
      db.getRepository(DiseaseGene).createQueryBuilder("x").innerJoin(Disease, "t", "t.hdoid = x.hdoid"),
    geneColumn: "x.gene_id",
    termColumn: "t.hdoid",
    name: "t.description",
    group: null,
    synthetic: null,
  },
  [EnrichmentCategory.ICD11_CHAPTER]: {
    pairs: (db) =>
      db
        .getRepository(DiseaseGene)
        .createQueryBuilder("x")
        .innerJoin(Disease, "d", "d.hdoid = x.hdoid")
        .innerJoin(Chapter, "t", "t.chapter = d.icd11_chapter"),
    geneColumn: "x.gene_id",
    termColumn: "t.chapter",
    name: "t.name",
    group: null,
    synthetic: null,
  },
  [EnrichmentCategory.GO]: {
    pairs: (db) =>
      db.getRepository(GoGene).createQueryBuilder("x").innerJoin(GoTerm, "t", "t.go_id = x.go_id"),
    geneColumn: "x.gene_id",
    termColumn: "x.go_id",
    name: "t.term",
    group: "t.domain",
    synthetic: null,
  },
  [EnrichmentCategory.SYNGO]: {
    pairs: (db) =>
      db
        .getRepository(SyngoAnnotationGene)
        .createQueryBuilder("x")
        .innerJoin(SyngoAnnotation, "t", "t.id = x.annotation_id"),
    geneColumn: "x.gene_id",
    termColumn: "t.go_id",
    name: "t.go_name",
    group: "t.go_domain",
    synthetic: null,
  },
};

export const ALL_CATEGORIES = Object.values(EnrichmentCategory);
