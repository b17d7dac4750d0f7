import { Field, Float, Int, ObjectType } from "type-graphql";

@ObjectType({
  description:
    "Headline figures of the loaded dataset release (home page overview), each counted from the database.",
})
export class DatasetOverview {
  @Field(() => Int, {
    description: "Synapse proteomic studies (papers of kind proteomic), synthetic ones included.",
  })
  studies: number;

  @Field(() => Int, { description: "Of those studies, how many are synthetic sample studies (isSynthetic)." })
  syntheticStudies: number;

  @Field(() => Int, { description: "Distinct proteins (genes) reported by at least one study." })
  proteins: number;

  @Field(() => Boolean, {
    description:
      "True when some gene–study links behind the protein and consensus figures are synthetic sample rows.",
  })
  includesSyntheticSamples: boolean;

  @Field(() => Int, { description: "Genes in the consensus set (isConsensus)." })
  consensusGenes: number;

  @Field(() => Int, {
    nullable: true,
    description:
      "Fewest studies reporting a consensus gene (the consensus threshold); null with no consensus genes.",
  })
  consensusMinStudies: number | null;

  @Field(() => Int, {
    description: "Consensus genes linked to at least one disease (Disease Ontology term).",
  })
  diseaseLinkedGenes: number;

  @Field(() => Float, {
    description:
      "diseaseLinkedGenes as a percentage of consensusGenes, to one decimal (0 with no consensus genes).",
  })
  diseaseLinkedPercentage: number;

  @Field(() => Int, {
    description: "Distinct diseases (Disease Ontology terms) linked to the consensus genes.",
  })
  linkedDisorders: number;

  @Field(() => Int, {
    description: "Distinct OMIM phenotype ids recorded for the consensus genes (OMIM / ICD-11 records).",
  })
  omimPhenotypes: number;
}
