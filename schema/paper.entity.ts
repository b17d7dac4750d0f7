import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";

@ObjectType({ description: "A synapse proteomic study or a mutation study, keyed by its PubMed id." })
@Entity({ name: "paper" })
export class Paper {
  @Field(() => Int, {
    description:
      "PubMed id. 99000001+ are placeholders for real studies whose PMID is unknown; 99100001+ and 99200001+ are synthetic sample studies.",
  })
  @PrimaryColumn({ type: "int" })
  pmid: number;

  @Field(() => Int, { description: "Publication year." })
  @Index("ix_paper_year")
  @Column({ type: "int" })
  year: number;

  @Field(() => String, { description: "Study name as in synaptome.db, e.g. HUSI_2000." })
  @Index("ix_paper_name", { unique: true })
  @Column({ type: "varchar", length: 64 })
  name: string;

  @Field(() => String, { nullable: true, description: "Article title, where known." })
  @Column({ type: "varchar", length: 512, nullable: true })
  title: string | null;

  @Field(() => String, { nullable: true, description: "Short description of the study." })
  @Column({ type: "varchar", length: 512, nullable: true })
  description: string | null;

  @Field(() => String, { description: "proteomic or mutation study." })
  @Column({ type: "varchar", length: 16 })
  kind: string;

  @Field(() => String, {
    nullable: true,
    description: "Synaptic compartment studied (Postsynaptic, Presynaptic, ...).",
  })
  @Column({ type: "varchar", length: 32, nullable: true })
  localisation: string | null;

  @Field(() => Int, { nullable: true, description: "Number of genes the study reports." })
  @Column({ name: "n_genes", type: "int", nullable: true })
  geneTotal: number | null;

  @Field(() => Boolean, {
    description: "True for a synthetic sample study (name ends _SAMPLE): not real research data.",
  })
  @Column({ name: "is_synthetic", type: "boolean", default: false })
  isSynthetic: boolean;

  @Field(() => [String], {
    description: "Columns of this row that are synthetic (e.g. species, brain_region, method).",
  })
  get syntheticFields(): string[] {
    return this.syntheticColumns ? this.syntheticColumns.split(";").filter(Boolean) : [];
  }

  @Column({ name: "synthetic_columns", type: "varchar", length: 128, nullable: true })
  syntheticColumns: string | null;

  @Field(() => String, { nullable: true, description: "Where the PMID comes from." })
  @Column({ name: "pmid_source", type: "varchar", length: 255, nullable: true })
  pmidSource: string | null;
}
