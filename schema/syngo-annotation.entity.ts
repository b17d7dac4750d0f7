import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, PrimaryColumn } from "typeorm";

@ObjectType({ description: "An expert-curated SynGO annotation (SynGO release 20210225)." })
@Entity({ name: "syngo_annotation" })
export class SyngoAnnotation {
  @Field(() => Int, { description: "SynGO annotation id." })
  @PrimaryColumn({ type: "int" })
  id: number;

  @Field(() => String, { description: "GO or SYNGO term id." })
  @Column({ name: "go_id", type: "varchar", length: 64 })
  goId: string;

  @Field(() => String, { nullable: true, description: "Term name." })
  @Column({ name: "go_name", type: "varchar", length: 255, nullable: true })
  goName: string | null;

  @Field(() => String, { nullable: true, description: "BP, MF or CC." })
  @Column({ name: "go_domain", type: "varchar", length: 4, nullable: true })
  goDomain: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Evidence: biological system (SynGO codes, comma-separated).",
  })
  @Column({ name: "evidence_biological_system", type: "varchar", length: 255, nullable: true })
  evidenceBiologicalSystem: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Evidence: protein targeting (SynGO codes, comma-separated).",
  })
  @Column({ name: "evidence_protein_targeting", type: "varchar", length: 255, nullable: true })
  evidenceProteinTargeting: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Evidence: experiment assay (SynGO codes, comma-separated).",
  })
  @Column({ name: "evidence_experiment_assay", type: "varchar", length: 255, nullable: true })
  evidenceExperimentAssay: string | null;

  @Field(() => Boolean, { nullable: true, description: "Non-traceable author statement." })
  @Column({ name: "evidence_nontraceable_author_statement", type: "boolean", nullable: true })
  evidenceNontraceableAuthorStatement: boolean | null;

  @Field(() => Int, { nullable: true, description: "PubMed id of the supporting article." })
  @Column({ name: "pubmed_id", type: "int", nullable: true })
  pubmedId: number | null;

  @Field(() => String, { nullable: true, description: "UniProt accession annotated." })
  @Column({ name: "uniprot_id", type: "varchar", length: 16, nullable: true })
  uniprotId: string | null;

  @Field(() => String, { nullable: true, description: "HGNC id(s); several paralogs are separated by ';'." })
  @Column({ name: "hgnc_id", type: "varchar", length: 64, nullable: true })
  hgncId: string | null;

  @Field(() => String, { nullable: true, description: "HGNC symbol(s)." })
  @Column({ name: "hgnc_symbol", type: "varchar", length: 64, nullable: true })
  hgncSymbol: string | null;
}
