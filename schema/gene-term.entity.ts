import { Entity, Index, PrimaryColumn } from "typeorm";

/** Lower-cased search keys of a gene (symbol, aliases, protein name), so term lookups use an index. */
@Entity({ name: "gene_term" })
@Index("ix_gene_term_term", ["term"])
export class GeneTerm {
  @PrimaryColumn({ name: "gene_id", type: "int" })
  geneId: number;

  /** symbol | alias | name */
  @PrimaryColumn({ type: "varchar", length: 8 })
  kind: string;

  @PrimaryColumn({ type: "varchar", length: 255 })
  term: string;
}
