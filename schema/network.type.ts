import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({
  description:
    "One protein–protein interaction network of the PPI table (edges grouped by their source network), with its size.",
})
export class PpiNetworkSummary {
  @Field(() => String, {
    description: "Source network of the edges as stored in the PPI table (e.g. 'BioNAR PPI_Presynaptic').",
  })
  network: string;

  @Field(() => Int, {
    description: "Distinct genes (nodes) taking part in at least one edge of the network.",
  })
  nodes: number;

  @Field(() => Int, { description: "Undirected interactions (edges) of the network, each stored once." })
  edges: number;
}
