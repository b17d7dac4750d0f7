import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** A gene–disease association (synaptome.db DiseaseGene) with its source and reference. */
@Entity({ name: "disease_gene" })
@Index("ix_disease_gene_gene", ["geneId"])
export class DiseaseGene {
  @PrimaryColumn({ type: "varchar", length: 16 })
  hdoid: string;

  @PrimaryColumn({ name: "gene_id", type: "int" })
  geneId: number;

  @Column({ type: "varchar", length: 64, nullable: true })
  source: string | null;

  @Column({ type: "varchar", length: 128, nullable: true })
  reference: string | null;
}
