import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";

@ObjectType({ description: "A Human Disease Ontology term linked to synaptic genes." })
@Entity({ name: "disease" })
export class Disease {
  @Field(() => String, { description: "Human Disease Ontology id, e.g. DOID:0060041." })
  @PrimaryColumn({ type: "varchar", length: 16 })
  hdoid: string;

  @Field(() => String, { description: "Current Disease Ontology label." })
  @Index("ix_disease_description")
  @Column({ type: "varchar", length: 255 })
  description: string;

  @Field(() => String, {
    nullable: true,
    description: "Disease Ontology definition (2016 release), where present.",
  })
  @Column({ type: "text", nullable: true })
  definition: string | null;

  @Field(() => [String], { description: "OMIM phenotype ids cross-referenced by the Disease Ontology." })
  get omimIds(): string[] {
    return this.omimIdsText ? this.omimIdsText.split(";").filter(Boolean) : [];
  }

  @Column({ name: "omim_ids", type: "varchar", length: 255, nullable: true })
  omimIdsText: string | null;

  @Field(() => [String], {
    description: "ICD-10-CM / ICD-9-CM / ICD-11 codes cross-referenced by the Disease Ontology.",
  })
  get icdCodes(): string[] {
    return this.icdCodesText ? this.icdCodesText.split(";").filter(Boolean) : [];
  }

  @Column({ name: "icd_codes", type: "varchar", length: 255, nullable: true })
  icdCodesText: string | null;

  @Field(() => Int, {
    nullable: true,
    description: "Year of first description. SYNTHETIC in the sample release.",
  })
  @Column({ name: "discovery_year", type: "int", nullable: true })
  discoveryYear: number | null;

  @Field(() => Boolean, { description: "True when discoveryYear is synthetic sample data." })
  @Column({ name: "discovery_year_is_synthetic", type: "boolean", default: false })
  discoveryYearIsSynthetic: boolean;

  @Field(() => String, {
    nullable: true,
    description: "ICD-11 chapter number as two digits, derived from the ICD xrefs or DO branch.",
  })
  @Index("ix_disease_icd11_chapter")
  @Column({ name: "icd11_chapter", type: "varchar", length: 4, nullable: true })
  icd11Chapter: string | null;

  @Field(() => String, { nullable: true, description: "How the ICD-11 chapter was derived." })
  @Column({ name: "icd11_chapter_basis", type: "varchar", length: 64, nullable: true })
  icd11ChapterBasis: string | null;
}
