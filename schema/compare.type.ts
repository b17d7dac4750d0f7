import { Field, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import {
  AmbiguousIdentifier,
  AnalysisBackgroundSummary,
  EnrichmentCategoryCount,
  EnrichmentTerm,
} from "./analysis-views.type";
import { Pagination } from "./gene-views.type";

/** The fewest and most sets one comparison takes (an UpSet plot stays readable up to six). */
export const MIN_COMPARED_SETS = 2;
export const MAX_COMPARED_SETS = 6;

export enum CompareSetKind {
  DISEASE = "DISEASE",
  ICD11_CHAPTER = "ICD11_CHAPTER",
  COMPARTMENT = "COMPARTMENT",
  BRAIN_REGION = "BRAIN_REGION",
  STUDY = "STUDY",
  GENE_LIST = "GENE_LIST",
}
registerEnumType(CompareSetKind, {
  name: "CompareSetKind",
  description: "What a compared gene set is made of.",
  valuesConfig: {
    DISEASE: { description: "The genes associated with a disease (value: HDOID or exact label)." },
    ICD11_CHAPTER: {
      description:
        "The genes of every disease in an ICD-11 chapter (value: chapter number, e.g. 08, or title).",
    },
    COMPARTMENT: {
      description: "The genes studies report in a synaptic compartment (value: e.g. Presynaptic).",
    },
    BRAIN_REGION: {
      description: "The genes studies report in a brain region (value: region id or name).",
    },
    STUDY: {
      description:
        "The genes a study reports (value: PMID): its proteomic gene list and the genes of its mutations.",
    },
    GENE_LIST: {
      description:
        "A pasted gene list (value: identifiers separated by newlines, commas, tabs, spaces or semicolons; mapped as analyzeGeneList maps them; at most 5,000).",
    },
  },
});

@InputType({ description: "One gene set of a comparison." })
export class CompareSetInput {
  @Field(() => CompareSetKind, { description: "What the set is made of." })
  kind: CompareSetKind;

  @Field(() => String, {
    description: "Which disease, chapter, compartment, region, study or list (see kind).",
  })
  value: string;

  @Field(() => Boolean, {
    defaultValue: false,
    description: "Keep only consensus genes (reported in five or more studies).",
  })
  consensusOnly: boolean;
}

@ObjectType({ description: "A compared set as resolved." })
export class ComparedSet {
  @Field(() => Int, {
    description: "Position of the set in the input (0-based); intersections name sets by it.",
  })
  index: number;

  @Field(() => CompareSetKind, { description: "What the set is made of." })
  kind: CompareSetKind;

  @Field(() => String, { description: "The value as given." })
  value: string;

  @Field(() => String, {
    nullable: true,
    description: "Resolved id: HDOID, chapter, compartment, region id or PMID; null for a gene list.",
  })
  resolvedId: string | null;

  @Field(() => String, { description: "Label, e.g. the disease name or 'Gene list (12 identifiers)'." })
  label: string;

  @Field(() => Boolean, { description: "True when only consensus genes are kept." })
  consensusOnly: boolean;

  @Field(() => Int, { description: "Distinct genes in the set." })
  size: number;

  @Field(() => [String], { description: "Identifiers of a gene list that matched no gene." })
  unmapped: string[];

  @Field(() => [AmbiguousIdentifier], {
    description: "Identifiers of a gene list that matched several genes (left out of the set).",
  })
  ambiguous: AmbiguousIdentifier[];
}

@ObjectType({ description: "A gene of a compared set with its synaptic evidence." })
export class ComparedGene {
  @Field(() => Int, { description: "Internal GeneID." })
  geneId: number;

  @Field(() => String, { description: "Human gene symbol." })
  symbol: string;

  @Field(() => String, { nullable: true, description: "Approved gene (protein) name." })
  description: string | null;

  @Field(() => Int, { nullable: true, description: "NCBI Gene id of the human gene." })
  humanEntrez: number | null;

  @Field(() => Boolean, { description: "True when the gene is in the consensus set." })
  isConsensus: boolean;

  @Field(() => Int, { description: "Distinct studies reporting the gene." })
  paperCount: number;

  @Field(() => [String], { description: "Compartments in which studies report the gene." })
  compartments: string[];

  @Field(() => Int, { description: "Mutations recorded for the gene." })
  mutationCount: number;
}

@ObjectType({ description: "One page of an intersection's genes." })
export class ComparedGenePage {
  @Field(() => Pagination, { description: "Paging over the intersection's genes." })
  pagination: Pagination;

  @Field(() => [ComparedGene], { description: "The page's genes, by symbol (natural order)." })
  genes: ComparedGene[];
}

@ObjectType({
  description:
    "An exclusive intersection (an UpSet bar): the genes in every one of its sets and in none of the others.",
})
export class SetIntersection {
  @Field(() => [Int], { description: "Indices of the sets (ascending)." })
  sets: number[];

  @Field(() => Int, { description: "Genes in exactly these sets." })
  exclusiveSize: number;

  @Field(() => [Int], { description: "Their GeneIDs, by symbol (natural order)." })
  geneIds: number[];

  @Field(() => [String], { description: "Their symbols, in the order of geneIds." })
  symbols: string[];
}

@ObjectType({
  description: "Over-representation in an intersection's genes (the gene-list analysis's test).",
})
export class IntersectionEnrichment {
  @Field(() => [Int], { description: "Indices of the intersection's sets." })
  sets: number[];

  @Field(() => Int, { description: "Genes of the intersection." })
  geneCount: number;

  @Field(() => AnalysisBackgroundSummary, { description: "The background used." })
  background: AnalysisBackgroundSummary;

  @Field(() => [EnrichmentCategoryCount], { description: "Terms tested per category." })
  categories: EnrichmentCategoryCount[];

  @Field(() => [EnrichmentTerm], {
    description: "Terms carried by at least one gene of the intersection, by p-value (smallest first).",
  })
  enrichment: EnrichmentTerm[];
}

@ObjectType({
  description: "A comparison of 2 to 6 gene sets: their sizes and every non-empty intersection.",
})
export class SetComparison {
  @Field(() => [ComparedSet], { description: "The sets, in input order." })
  sets: ComparedSet[];

  @Field(() => Int, { description: "Distinct genes in at least one set." })
  unionSize: number;

  @Field(() => [SetIntersection], {
    description: "Every non-empty exclusive intersection, largest first (then fewer sets, then set order).",
  })
  intersections: SetIntersection[];

  @Field(() => [String], { description: "Identifiers of every gene list that matched no gene." })
  unmapped: string[];

  /** Set membership of each gene as a bit mask (bit i = set i); read by the intersection fields. */
  memberships: Map<number, number>;

  /** Every gene's symbol. */
  symbols: Map<number, string>;

  /** Every gene's natural-order sort key (see the compare service). */
  sortKeys: Map<number, string>;
}
