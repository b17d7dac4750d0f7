import { Field, Int, ObjectType } from "type-graphql";
import { Gene } from "./gene.entity";

@ObjectType({
  description:
    "An ICD-11 chapter with the OMIM phenotypes of synaptic genes classified in it (from the OMIM/ICD-11 records).",
})
export class ChapterSummary {
  @Field(() => String, {
    description: "Chapter number as two digits (e.g. 08), or V / X for the supplementary sections.",
  })
  chapter: string;

  @Field(() => String, { description: "Chapter title (WHO ICD-11)." })
  name: string;

  @Field(() => String, {
    description: "Summary written by the portal from the counts (the release carries no chapter text).",
  })
  description: string;

  @Field(() => Int, {
    description:
      "Distinct diseases in the chapter: OMIM phenotypes, one per (OMIM id, Disease Ontology term).",
  })
  diseaseCount: number;

  @Field(() => Int, { description: "Distinct genes (Human Entrez ids) linked to those phenotypes." })
  geneCount: number;
}

@ObjectType({ description: "A gene linked to an OMIM phenotype of an ICD-11 chapter." })
export class ChapterGene {
  @Field(() => Int, { description: "NCBI Gene id as given by the OMIM record (equals gene.humanEntrez)." })
  entrezId: number;

  @Field(() => Gene, { description: "The gene (symbol, name, aliases, cytogenetic location, ...)." })
  gene: Gene;
}

@ObjectType({ description: "An OMIM phenotype (disease) classified in an ICD-11 chapter, with its genes." })
export class ChapterDisease {
  @Field(() => String, { description: "Phenotype label (the Disease Ontology label of the OMIM phenotype)." })
  name: string;

  @Field(() => Int, { description: "OMIM phenotype number." })
  omimId: number;

  @Field(() => String, { nullable: true, description: "Disease Ontology id of the phenotype." })
  hdoid: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Disease Ontology definition of the phenotype, where present.",
  })
  description: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      "Modes of inheritance over its gene records (AD, AR, XL, Mi), comma-separated. Partly SYNTHETIC: see inheritanceIsSynthetic.",
  })
  inheritance: string | null;

  @Field(() => Boolean, {
    description: "True when any inheritance value of this disease is synthetic sample data.",
  })
  inheritanceIsSynthetic: boolean;

  @Field(() => String, {
    nullable: true,
    description: "ICD-10-CM or ICD-11 code(s), '; '-separated, where known.",
  })
  icdCode: string | null;

  @Field(() => Int, { description: "Distinct genes linked to the phenotype." })
  geneCount: number;

  @Field(() => [ChapterGene], { description: "Genes linked to the phenotype, by symbol." })
  genes: ChapterGene[];
}

@ObjectType({ description: "An ICD-11 chapter with every OMIM phenotype classified in it and their genes." })
export class ChapterDetail extends ChapterSummary {
  @Field(() => String, {
    description: "The chapter as a heading, e.g. 'ICD-11 Chapter 08: Diseases of the nervous system'.",
  })
  specificChapter: string;

  @Field(() => [ChapterDisease], { description: "Phenotypes of the chapter, by name." })
  diseases: ChapterDisease[];
}
