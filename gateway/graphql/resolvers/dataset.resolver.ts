import { Ctx, Query, Resolver } from "type-graphql";
import { DatasetRelease, Localisation } from "../../../schema";
import type { PortalContext } from "../context";

@Resolver()
export class DatasetResolver {
  @Query(() => DatasetRelease, {
    nullable: true,
    description: "The dataset release served, with its provenance; null before the first import.",
  })
  datasetRelease(@Ctx() { services }: PortalContext): Promise<DatasetRelease | null> {
    return services.reference.datasetRelease();
  }

  @Query(() => [Localisation], { description: "Synaptic compartments (localisations) used by the studies." })
  localisations(@Ctx() { services }: PortalContext): Promise<Localisation[]> {
    return services.reference.localisations();
  }
}
