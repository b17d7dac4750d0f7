import { Field, Int, ObjectType } from "type-graphql";
import { Gene } from "./gene.entity";
import { Pagination } from "./gene-views.type";
import { pageRows } from "./list-views.type";

@ObjectType({
  description:
    "An ICD-11 chapter with the diseases of synaptic genes classified in it (Disease.icd11Chapter, the one derivation of a disease's chapter).",
})
export class ChapterSummary {
  @Field(() => String, {
    description: "Chapter number as two digits (e.g. 08).",
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
      "Diseases (Disease Ontology terms) whose icd11Chapter is this chapter, with or without an OMIM id: the rows of diseases.csv with this chapter.",
  })
  diseaseCount: number;

  @Field(() => Int, { description: "Distinct genes linked to those diseases (gene–disease associations)." })
  geneCount: number;
}

@ObjectType({ description: "A gene linked to a disease of an ICD-11 chapter." })
export class ChapterGene {
  @Field(() => Int, { description: "NCBI Gene id as given by the OMIM record (equals gene.humanEntrez)." })
  entrezId: number;

  @Field(() => Gene, { description: "The gene (symbol, name, aliases, cytogenetic location, ...)." })
  gene: Gene;
}

@ObjectType({
  description: "A disease (Disease Ontology term) classified in an ICD-11 chapter, with its genes.",
})
export class ChapterDisease {
  @Field(() => String, { description: "Disease Ontology label of the disease." })
  name: string;

  @Field(() => Int, {
    nullable: true,
    description: "OMIM phenotype number (from its OMIM records, else its DO xref); null when it has none.",
  })
  omimId: number | null;

  @Field(() => String, { nullable: true, description: "Disease Ontology id of the disease." })
  hdoid: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Disease Ontology definition of the disease, where present.",
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

  @Field(() => Int, { description: "Distinct genes linked to the disease." })
  geneCount: number;

  @Field(() => [ChapterGene], { description: "Genes linked to the disease, by symbol." })
  genes: ChapterGene[];
}

@ObjectType({ description: "An ICD-11 chapter with every disease classified in it and their genes." })
export class ChapterDetail extends ChapterSummary {
  @Field(() => String, {
    description: "The chapter as a heading, e.g. 'ICD-11 Chapter 08: Diseases of the nervous system'.",
  })
  specificChapter: string;

  @Field(() => [ChapterDisease], {
    description:
      "Diseases of the chapter, by name: every one, with every gene (a large chapter is refused at a large release; icd11ChapterDiseases pages and searches them).",
  })
  diseases: ChapterDisease[];
}

@ObjectType({ description: "A disease of a chapter that matched the chapter search." })
export class ChapterDiseaseHit {
  @Field(() => ChapterDisease, { description: "The disease, with all its genes." })
  disease: ChapterDisease;

  @Field(() => Boolean, {
    description: "True when at least one of its genes matches the search (false without a search).",
  })
  hasMatchingGenes: boolean;
}

@ObjectType({ description: "One page of the diseases of an ICD-11 chapter that match the chapter search." })
export class ChapterDiseasePage {
  @Field(() => String, { description: "The search as it was applied: trimmed and lowercased ('' = none)." })
  search: string;

  @Field(() => [ChapterDiseaseHit], {
    description: "The matching diseases on this page, by name (the order of icd11Chapter.diseases).",
    complexity: pageRows,
  })
  diseases: ChapterDiseaseHit[];

  @Field(() => Int, {
    description: "Distinct genes of the chapter's diseases that match the search (0 without a search).",
  })
  matchingGeneCount: number;

  @Field(() => [String], {
    description:
      "The first matching genes' symbols, alphabetically: at most MATCHING_GENE_NAMES_SHOWN (10); matchingGeneCount says how many match.",
  })
  matchingGenes: string[];

  @Field(() => Pagination, { description: "Paging of the matching diseases." })
  pagination: Pagination;
}
