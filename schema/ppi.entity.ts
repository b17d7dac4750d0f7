import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

/** An undirected protein–protein interaction between two genes (geneA < geneB). */
@Entity({ name: "ppi" })
@Index("ix_ppi_a", ["geneA"])
@Index("ix_ppi_b", ["geneB"])
export class Ppi {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ name: "gene_a", type: "int" })
  geneA: number;

  @Column({ name: "gene_b", type: "int" })
  geneB: number;

  @Column({ type: "varchar", length: 16 })
  type: string;

  @Column({ type: "varchar", length: 64 })
  method: string;

  @Column({ type: "int" })
  taxid: number;
}
