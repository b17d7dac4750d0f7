import { Field, Float, Int, ObjectType } from "type-graphql";
import { Disease } from "./disease.entity";
import { Gene } from "./gene.entity";
import { GeneMatch, Pagination, ProteinLookupResult } from "./gene-views.type";
import { ConsensusPagination, FilteredPagination, MutationPagination, pageRows } from "./list-views.type";
import { Mutation } from "./mutation.entity";
import { Paper } from "./paper.entity";

@ObjectType({ description: "One page of disease search results: exact HDOID or label first." })
export class DiseaseSearchResult {
  @Field(() => [Disease], { description: "Diseases on this page.", complexity: pageRows })
  diseases: Disease[];

  @Field(() => Pagination, { description: "Paging of the results." })
  pagination: Pagination;
}

@ObjectType({ description: "One page of the genes associated with a disease, by symbol." })
export class DiseaseGenePage {
  @Field(() => [Gene], {
    description: "Genes on this page (with paperCount and isConsensus).",
    complexity: pageRows,
  })
  genes: Gene[];

  @Field(() => ConsensusPagination, { description: "Paging and consensus totals of the filtered list." })
  pagination: ConsensusPagination;

  @Field(() => [GeneMatch], {
    description:
      "How each gene of this page matched the filter term, in the same order (empty without a term).",
  })
  matches: GeneMatch[];

  @Field(() => ProteinLookupResult, {
    nullable: true,
    description:
      "The protein-name lookup of the filter term, whose genes join the filtered list; null when it found none.",
  })
  proteinLookup: ProteinLookupResult | null;
}

@ObjectType({ description: "One page of the mutations recorded for a disease." })
export class DiseaseMutationPage {
  @Field(() => [Mutation], {
    description: "Mutations on this page, by chromosome and position.",
    complexity: pageRows,
  })
  mutations: Mutation[];

  @Field(() => MutationPagination, { description: "Paging and consensus totals of the filtered list." })
  pagination: MutationPagination;
}

@ObjectType({ description: "One page of the studies behind a disease's data, newest first." })
export class DiseasePaperPage {
  @Field(() => [Paper], { description: "Studies on this page.", complexity: pageRows })
  papers: Paper[];

  @Field(() => FilteredPagination, { description: "Paging of the filtered list." })
  pagination: FilteredPagination;
}

@ObjectType({ description: "Consensus figures of a disease." })
export class DiseaseConsensusStats {
  @Field(() => Int, { description: "Genes of the disease that are consensus genes." })
  totalConsensusGenes: number;

  @Field(() => Int, { description: "Mutations of the disease that lie in consensus genes." })
  totalConsensusMutations: number;

  @Field(() => Float, {
    description: "totalConsensusMutations as a percentage of all the disease's mutations (0–100).",
  })
  mutationConsensusPercentage: number;
}
