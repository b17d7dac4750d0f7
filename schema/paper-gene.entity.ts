import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** A gene reported by a study in one brain region and compartment (synaptome.db PaperGene). */
@Entity({ name: "paper_gene" })
@Index("ix_paper_gene_pmid", ["pmid"])
export class PaperGene {
  @PrimaryColumn({ name: "gene_id", type: "int" })
  geneId: number;

  @PrimaryColumn({ type: "int" })
  pmid: number;

  @PrimaryColumn({ name: "brain_region_id", type: "int" })
  brainRegionId: number;

  @PrimaryColumn({ name: "localisation_id", type: "int" })
  localisationId: number;

  /** FULL, or SVR for synaptic-vesicle datasets. */
  @Column({ type: "varchar", length: 8 })
  dataset: string;

  @Column({ name: "species_taxid", type: "int" })
  speciesTaxid: number;

  @Column({ name: "method_id", type: "int" })
  methodId: number;

  @Column({ name: "is_synthetic", type: "boolean", default: false })
  isSynthetic: boolean;
}
