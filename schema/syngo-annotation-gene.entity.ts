import { Entity, Index, PrimaryColumn } from "typeorm";

/** Genes a SynGO annotation names (an annotation can name several paralogs). */
@Entity({ name: "syngo_annotation_gene" })
@Index("ix_syngo_annotation_gene_gene", ["geneId"])
export class SyngoAnnotationGene {
  @PrimaryColumn({ name: "annotation_id", type: "int" })
  annotationId: number;

  @PrimaryColumn({ name: "gene_id", type: "int" })
  geneId: number;
}
