import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { Disease } from "../../../schema";
import { ChapterDisease } from "../../../schema/classification.type";
import type { PortalContext } from "../context";

@Resolver(() => ChapterDisease)
export class ChapterDiseaseResolver {
  @FieldResolver(() => Disease, { nullable: true, description: "The disease as an object of the graph." })
  disease(@Root() row: ChapterDisease, @Ctx() { loaders }: PortalContext): Promise<Disease | null> {
    return row.hdoid ? loaders.disease.load(row.hdoid) : Promise.resolve(null);
  }
}
