import { Ctx, Query, Resolver } from "type-graphql";
import { BrainRegion, DatasetRelease, Localisation, Method, Species } from "../../../schema";
import { PpiNetworkSummary } from "../../../schema/network.type";
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

  @Query(() => [Species], { description: "Species studied." })
  species(@Ctx() { services }: PortalContext): Promise<Species[]> {
    return services.reference.species();
  }

  @Query(() => [Method], { description: "Proteomic methods." })
  methods(@Ctx() { services }: PortalContext): Promise<Method[]> {
    return services.reference.methods();
  }

  @Query(() => [BrainRegion], { description: "Brain regions sampled by the studies, by name." })
  brainRegions(@Ctx() { services }: PortalContext): Promise<BrainRegion[]> {
    return services.reference.brainRegions();
  }

  @Query(() => [PpiNetworkSummary], {
    description:
      "The protein–protein interaction networks of the PPI table with their numbers of nodes (genes) and edges, by network name.",
  })
  ppiNetworks(@Ctx() { services }: PortalContext): Promise<PpiNetworkSummary[]> {
    return services.reference.ppiNetworks();
  }
}
