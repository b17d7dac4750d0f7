import { Field, Float, Int, ObjectType } from "type-graphql";
import { BrainRegion } from "./brain-region.entity";
import { Gene } from "./gene.entity";
import { Pagination } from "./gene-views.type";
import { ConsensusPagination, MutationPagination, pageRows } from "./list-views.type";
import { Localisation } from "./localisation.entity";
import { Method } from "./method.entity";
import { Mutation } from "./mutation.entity";
import { Paper } from "./paper.entity";
import { Species } from "./species.entity";

@ObjectType({ description: "One page of publication search results: exact PMID, then year, then text." })
export class PaperSearchResult {
  @Field(() => [Paper], { description: "Studies on this page.", complexity: pageRows })
  papers: Paper[];

  @Field(() => Pagination, { description: "Paging of the results." })
  pagination: Pagination;
}

@ObjectType({
  description: "A gene reported by a study in one brain region and compartment (one PaperGene row).",
})
export class PaperGeneRow {
  /** Internal GeneID; the gene itself is resolved through the per-request loader. */
  geneId: number;

  @Field(() => Gene, { description: "The gene reported." })
  gene: Gene;

  @Field(() => String, { description: "FULL, or SVR for synaptic-vesicle datasets." })
  dataset: string;

  @Field(() => Species, { nullable: true, description: "Species studied." })
  species: Species | null;

  @Field(() => BrainRegion, { nullable: true, description: "Brain region sampled." })
  brainRegion: BrainRegion | null;

  @Field(() => Localisation, { nullable: true, description: "Synaptic compartment." })
  localisation: Localisation | null;

  @Field(() => Method, { nullable: true, description: "Proteomic method." })
  method: Method | null;

  @Field(() => Boolean, { description: "True when the gene is a consensus gene (five or more studies)." })
  isConsensus: boolean;

  @Field(() => Boolean, { description: "True when this gene–study link is synthetic sample data." })
  isSynthetic: boolean;
}

@ObjectType({ description: "One page of the genes a study reports, by symbol." })
export class PaperGenePage {
  @Field(() => [PaperGeneRow], {
    description: "Rows on this page (gene × brain region × compartment).",
    complexity: pageRows,
  })
  genes: PaperGeneRow[];

  @Field(() => ConsensusPagination, {
    description: "Paging (counted in rows) and consensus totals of the filtered list.",
  })
  pagination: ConsensusPagination;
}

@ObjectType({ description: "One page of the mutations a study reports." })
export class PaperMutationPage {
  @Field(() => [Mutation], {
    description: "Mutations on this page, by chromosome and position.",
    complexity: pageRows,
  })
  mutations: Mutation[];

  @Field(() => MutationPagination, { description: "Paging and consensus totals of the list." })
  pagination: MutationPagination;
}

@ObjectType({ description: "Consensus figures of a study." })
export class PaperConsensusStats {
  @Field(() => Int, { description: "Distinct genes of the study that are consensus genes." })
  totalConsensusGenes: number;

  @Field(() => Float, {
    description: "totalConsensusGenes as a percentage of the study's distinct genes (0–100).",
  })
  consensusPercentage: number;
}
