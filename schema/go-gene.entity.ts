import { Column, Entity, PrimaryColumn } from "typeorm";

/** A GO annotation of a gene with its evidence code (one row per gene, term and evidence). */
@Entity({ name: "go_gene" })
export class GoGene {
  @PrimaryColumn({ name: "gene_id", type: "int" })
  geneId: number;

  @PrimaryColumn({ name: "go_id", type: "varchar", length: 16 })
  goId: string;

  @PrimaryColumn({ type: "varchar", length: 8 })
  evidence: string;

  @Column({ name: "species_taxid", type: "int" })
  speciesTaxid: number;
}
