import { Ctx, Query, Resolver } from "type-graphql";
import { DatasetOverview } from "../../../schema/overview.type";
import type { PortalContext } from "../context";

@Resolver()
export class OverviewResolver {
  @Query(() => DatasetOverview, {
    description:
      "Headline figures of the dataset (studies, proteins, consensus genes, disease links), counted from the database.",
  })
  datasetOverview(@Ctx() { services }: PortalContext): Promise<DatasetOverview> {
    return services.overview.overview();
  }
}
