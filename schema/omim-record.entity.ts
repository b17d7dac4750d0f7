import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, PrimaryGeneratedColumn } from "typeorm";

@ObjectType({ description: "An OMIM phenotype linked to a gene, with its ICD-11 chapter." })
@Entity({ name: "omim_record" })
@Index("ix_omim_record_entrez", ["humanEntrez"])
export class OmimRecord {
  @PrimaryGeneratedColumn({ name: "row_id", type: "integer" })
  rowId: number;

  @Field(() => Int, { description: "Human Entrez id of the gene." })
  @Column({ name: "human_entrez", type: "int" })
  humanEntrez: number;

  @Field(() => Int, { description: "OMIM phenotype number." })
  @Column({ name: "omim_id", type: "int" })
  omimId: number;

  @Field(() => String, {
    nullable: true,
    description: "Phenotype label (Disease Ontology label of the MIM).",
  })
  @Column({ name: "omim_phenotype", type: "varchar", length: 255, nullable: true })
  phenotype: string | null;

  @Field(() => String, { nullable: true, description: "ICD-11 chapter (two digits), derived." })
  @Column({ name: "icd11_chapter", type: "varchar", length: 4, nullable: true })
  icd11Chapter: string | null;

  @Field(() => String, { nullable: true, description: "ICD-11 chapter name." })
  @Column({ name: "icd11_chapter_name", type: "varchar", length: 128, nullable: true })
  icd11ChapterName: string | null;

  @Field(() => String, { nullable: true, description: "ICD-10-CM or ICD-11 code." })
  @Column({ name: "icd_code", type: "varchar", length: 32, nullable: true })
  icdCode: string | null;

  @Field(() => String, { nullable: true, description: "Mode of inheritance (AD, AR, XL, Mi)." })
  @Column({ type: "varchar", length: 8, nullable: true })
  inheritance: string | null;

  @Field(() => Int, {
    nullable: true,
    description: "Year the association is known from. SYNTHETIC in the sample release.",
  })
  @Column({ name: "known_from", type: "int", nullable: true })
  knownFrom: number | null;

  @Field(() => Int, { nullable: true, description: "PubMed id of the source, where known." })
  @Column({ type: "int", nullable: true })
  pmid: number | null;

  @Field(() => String, { nullable: true, description: "Disease Ontology id of the phenotype." })
  @Column({ type: "varchar", length: 16, nullable: true })
  hdoid: string | null;

  @Field(() => [String], {
    description: "Fields of this record that are synthetic sample data (e.g. knownFrom, inheritance).",
  })
  get syntheticFields(): string[] {
    return this.syntheticFieldsText ? this.syntheticFieldsText.split(";").filter(Boolean) : [];
  }

  @Column({ name: "synthetic_fields", type: "varchar", length: 64, nullable: true })
  syntheticFieldsText: string | null;
}
