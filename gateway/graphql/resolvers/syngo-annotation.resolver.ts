import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { Gene, SyngoAnnotation } from "../../../schema";
import type { PortalContext } from "../context";
import { COSTED_WHOLE } from "./connection";
import { present } from "./loaded";

@Resolver(() => SyngoAnnotation)
export class SyngoAnnotationResolver {
  @FieldResolver(() => [Gene], {
    description: `The genes the SynGO annotation covers (paralogs share one). ${COSTED_WHOLE}`,
  })
  async genes(@Root() annotation: SyngoAnnotation, @Ctx() { loaders }: PortalContext): Promise<Gene[]> {
    const ids = await loaders.syngoAnnotationGeneIds.load(annotation.id);
    return present(await loaders.gene.loadMany(ids));
  }
}
