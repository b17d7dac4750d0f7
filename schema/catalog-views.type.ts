import { Field, Float, Int, ObjectType } from "type-graphql";
import { Disease } from "./disease.entity";
import { Gene } from "./gene.entity";
import { Pagination } from "./gene-views.type";
import { pageRows } from "./list-views.type";
import { Paper } from "./paper.entity";

@ObjectType({ description: "Consensus summary of the gene catalog's current result." })
export class GeneTableConsensus {
  @Field(() => Int, { description: "Consensus genes among the rows matching the filters." })
  totalInResult: number;

  @Field(() => Float, { description: "totalInResult as a percentage of the matching rows (0–100)." })
  percentageInResult: number;

  @Field(() => Int, { description: "Consensus genes in the whole database." })
  totalInDatabase: number;
}

@ObjectType({ description: "Consensus summary of a disease or publication catalog's current result." })
export class CatalogConsensusSummary {
  @Field(() => Int, {
    description: "Distinct consensus genes linked to the rows matching the filters.",
  })
  totalConsensusGenes: number;

  @Field(() => Int, { description: "Distinct genes linked to the rows matching the filters." })
  totalGenes: number;

  @Field(() => Float, { description: "totalConsensusGenes as a percentage of totalGenes (0–100)." })
  overallPercentage: number;
}

@ObjectType({ description: "One sorted page of the Synapse Proteome Catalog." })
export class GeneTablePage {
  @Field(() => [Gene], { description: "Genes on this page.", complexity: pageRows })
  genes: Gene[];

  @Field(() => Pagination, { description: "Paging of the matching rows." })
  pagination: Pagination;

  @Field(() => GeneTableConsensus, { description: "Consensus summary of the matching rows." })
  consensus: GeneTableConsensus;
}

@ObjectType({ description: "One sorted page of the Diseases Catalog." })
export class DiseaseTablePage {
  @Field(() => [Disease], { description: "Diseases on this page.", complexity: pageRows })
  diseases: Disease[];

  @Field(() => Pagination, { description: "Paging of the matching rows." })
  pagination: Pagination;

  @Field(() => CatalogConsensusSummary, { description: "Consensus summary of the matching rows." })
  consensus: CatalogConsensusSummary;
}

@ObjectType({ description: "One sorted page of the Publications Catalog." })
export class PaperTablePage {
  @Field(() => [Paper], { description: "Studies on this page.", complexity: pageRows })
  papers: Paper[];

  @Field(() => Pagination, { description: "Paging of the matching rows." })
  pagination: Pagination;

  @Field(() => CatalogConsensusSummary, { description: "Consensus summary of the matching rows." })
  consensus: CatalogConsensusSummary;
}
