import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { Disease, Gene, Mutation, Paper } from "../../../schema";
import type { PortalContext } from "../context";
import { COSTED_WHOLE } from "./connection";
import { present } from "./loaded";

/** The fields of a mutation (GeneMutation in the schema) and its lookup by id. */
@Resolver(() => Mutation)
export class MutationResolver {
  @FieldResolver(() => Gene, { nullable: true, description: "The mutated gene." })
  gene(@Root() mutation: Mutation, @Ctx() { loaders }: PortalContext): Promise<Gene | null> {
    return loaders.gene.load(mutation.geneId);
  }

  @FieldResolver(() => [Int], {
    description: "PubMed ids of the studies reporting the mutation.",
    deprecationReason: "Use GeneMutation.papers { pmid }.",
  })
  pubmedIds(@Root() mutation: Mutation, @Ctx() { loaders }: PortalContext): Promise<number[]> {
    return loaders.mutationPmids.load(mutation.id);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description: "Label of the associated disease.",
    deprecationReason: "Use GeneMutation.disease { description }.",
  })
  diseaseDescription(@Root() mutation: Mutation, @Ctx() { loaders }: PortalContext): Promise<string | null> {
    return loaders.diseaseName.load(mutation.hdoid);
  }

  @Query(() => Mutation, { nullable: true, description: "A mutation by its id; null when unknown." })
  mutation(
    @Arg("id", () => Int, { description: "Mutation id (mutations.csv)." }) id: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<Mutation | null> {
    return loaders.mutation.load(id);
  }

  @FieldResolver(() => Disease, {
    nullable: true,
    description: "The disease the mutation is associated with.",
  })
  disease(@Root() mutation: Mutation, @Ctx() { loaders }: PortalContext): Promise<Disease | null> {
    return loaders.disease.load(mutation.hdoid);
  }

  @FieldResolver(() => [Paper], {
    description: `The studies reporting the mutation (paper_mutation), by PMID. ${COSTED_WHOLE}`,
  })
  async papers(@Root() mutation: Mutation, @Ctx() { loaders }: PortalContext): Promise<Paper[]> {
    const pmids = await loaders.mutationPmids.load(mutation.id);
    return present(await loaders.paper.loadMany(pmids));
  }
}
