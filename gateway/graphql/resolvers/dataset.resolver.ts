import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { BrainRegion, DatasetRelease, Gene, GoTerm, Localisation, Method, Species } from "../../../schema";
import { PpiNetworkSummary } from "../../../schema/network.type";
import type { PortalContext } from "../context";
import { present } from "./loaded";

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

  @Query(() => GoTerm, {
    nullable: true,
    description: "A Gene Ontology term by id (e.g. GO:0014069), with its annotated genes.",
  })
  goTerm(
    @Arg("goId", () => String, { description: "GO id." }) goId: string,
    @Ctx() { services }: PortalContext,
  ): Promise<GoTerm | null> {
    return services.reference.goTerm(goId.trim());
  }
}

@Resolver(() => GoTerm)
export class GoTermResolver {
  @FieldResolver(() => [Gene], {
    description: "Genes annotated with the term (any evidence code; up to 6,158).",
    deprecationReason: "Use GoTerm.geneConnection (paged).",
  })
  async genes(@Root() term: GoTerm, @Ctx() { services, loaders }: PortalContext): Promise<Gene[]> {
    const ids = await services.reference.goTermGeneIds(term.goId);
    const genes = await loaders.gene.loadMany(ids);
    return present(genes);
  }
}
