import { Field, Int, ObjectType } from "type-graphql";
import { Column, Entity, Index, PrimaryColumn } from "typeorm";

// Named GeneMutation in GraphQL: "Mutation" is the GraphQL root type for writes. (It was
// MutationRecord until the schema became the domain graph; no query names the type.)
@ObjectType("GeneMutation", {
  description:
    "A disease-associated variant of a synaptic gene (mutations.csv), with its disease and studies.",
})
@Entity({ name: "mutation" })
@Index("ix_mutation_gene", ["geneId"])
@Index("ix_mutation_hdoid", ["hdoid"])
export class Mutation {
  @Field(() => Int, { description: "Mutation id." })
  @PrimaryColumn({ type: "int" })
  id: number;

  @Field(() => Int, { description: "Internal GeneID of the mutated gene." })
  @Column({ name: "gene_id", type: "int" })
  geneId: number;

  @Field(() => String, { description: "Disease Ontology id of the associated disease." })
  @Column({ type: "varchar", length: 16 })
  hdoid: string;

  @Field(() => String, { nullable: true, description: "Chromosome." })
  @Column({ type: "varchar", length: 4, nullable: true })
  chromosome: string | null;

  @Field(() => Int, { nullable: true, description: "Genomic position on the assembly named in `assembly`." })
  @Column({ type: "int", nullable: true })
  position: number | null;

  @Field(() => String, { nullable: true, description: "Variant as chromosome:position:ref>alt." })
  @Column({ type: "varchar", length: 128, nullable: true })
  variant: string | null;

  @Field(() => String, { nullable: true, description: "Function class (missense, frameshift, ...)." })
  @Column({ name: "function_class", type: "varchar", length: 32, nullable: true })
  functionClass: string | null;

  @Field(() => String, { nullable: true, description: "cDNA change (HGVS c.)." })
  @Column({ name: "cdna_variant", type: "varchar", length: 64, nullable: true })
  cdnaVariant: string | null;

  @Field(() => String, { nullable: true, description: "Protein change (HGVS p.)." })
  @Column({ name: "protein_variant", type: "varchar", length: 64, nullable: true })
  proteinVariant: string | null;

  @Field(() => String, { nullable: true, description: "Exon or intron." })
  @Column({ name: "exon_intron", type: "varchar", length: 32, nullable: true })
  exonIntron: string | null;

  @Field(() => Boolean, { nullable: true, description: "De novo variant." })
  @Column({ type: "boolean", nullable: true })
  denovo: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Gene listed by SFARI (autism)." })
  @Column({ type: "boolean", nullable: true })
  sfari: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Known epilepsy gene." })
  @Column({ name: "epilepsy_gene", type: "boolean", nullable: true })
  epilepsyGene: boolean | null;

  @Field(() => Boolean, { nullable: true, description: "Reported in ClinVar." })
  @Column({ type: "boolean", nullable: true })
  clinvar: boolean | null;

  @Field(() => String, { nullable: true, description: "Study the variant comes from." })
  @Column({ name: "study_name", type: "varchar", length: 64, nullable: true })
  studyName: string | null;

  @Field(() => String, { nullable: true, description: "Genome assembly of the position (GRCh37 or GRCh38)." })
  @Column({ type: "varchar", length: 8, nullable: true })
  assembly: string | null;

  @Field(() => Boolean, { description: "True for a synthetic sample row: not real research data." })
  @Column({ name: "is_synthetic", type: "boolean", default: false })
  isSynthetic: boolean;
}
