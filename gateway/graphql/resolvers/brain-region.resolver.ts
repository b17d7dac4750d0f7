import { Arg, Ctx, FieldResolver, Int, Query, Resolver, Root } from "type-graphql";
import { BrainRegion } from "../../../schema";
import { regionAddress } from "../../../schema/entity-address";
import { CompartmentName, RegionCompartmentGenes, RegionGeneConnection } from "../../../schema/graph.type";
import { isWholeBrain } from "../../services/brain-region.service";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";
import { COSTED_AT_LONGEST, COSTED_WHOLE, PAGE, PAGE_SIZE, paging } from "./connection";
import { edgesOf } from "./loaded";

@Resolver(() => BrainRegion)
export class BrainRegionResolver {
  @FieldResolver(() => String, {
    description:
      "The region's own page on the portal, as a path under its address (/brain-region/hippocampus).",
  })
  url(@Root() region: BrainRegion): string {
    return regionAddress(region.name);
  }

  @Query(() => BrainRegion, { nullable: true, description: "A brain region by its id; null when unknown." })
  async region(
    @Arg("id", () => Int, { description: "Region id (1 = whole brain)." }) id: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<BrainRegion | null> {
    return (await loaders.allRegions.load("all")).find((r) => r.id === id) ?? null;
  }

  @FieldResolver(() => BrainRegion, {
    nullable: true,
    description: "The enclosing region; null for the whole brain (the root).",
  })
  async parent(@Root() region: BrainRegion, @Ctx() { loaders }: PortalContext): Promise<BrainRegion | null> {
    if (isWholeBrain(region) || region.parentId === null) return null;
    return (await loaders.allRegions.load("all")).find((r) => r.id === region.parentId) ?? null;
  }

  @FieldResolver(() => [BrainRegion], {
    description: `The regions directly inside this one, by name. ${COSTED_WHOLE}`,
  })
  async children(@Root() region: BrainRegion, @Ctx() { loaders }: PortalContext): Promise<BrainRegion[]> {
    const all = await loaders.allRegions.load("all");
    return all.filter((r) => r.parentId === region.id && !isWholeBrain(r));
  }

  @FieldResolver(() => [RegionCompartmentGenes], {
    description:
      "The synaptic compartments studies sampled in this region, by name, with their gene counts: at most one entry per compartment.",
  })
  compartments(
    @Root() region: BrainRegion,
    @Ctx() { loaders }: PortalContext,
  ): Promise<RegionCompartmentGenes[]> {
    return loaders.regionCompartments.load(region.id);
  }

  @FieldResolver(() => RegionGeneConnection, {
    description: `The genes studies report in this region itself (not its sub-regions), most studies first, with the study count. ${COSTED_AT_LONGEST}`,
  })
  async geneConnection(
    @Root() region: BrainRegion,
    @Arg("compartment", () => CompartmentName, {
      nullable: true,
      description: "Only genes reported in this compartment of the region; every compartment when null.",
    })
    compartment: CompartmentName | null,
    @Arg("page", () => Int, PAGE) page: number,
    @Arg("pageSize", () => Int, PAGE_SIZE) pageSize: number,
    @Ctx() { loaders }: PortalContext,
  ): Promise<RegionGeneConnection> {
    const request = checkPage(page, pageSize);
    const result = await loaders.regionGeneEdges.load({
      key: region.id,
      args: { compartment: compartment ?? null, request },
    });
    const genes = await loaders.gene.loadMany(result.rows.map((r) => r.geneId));
    return {
      ...paging(request, result.totalCount),
      edges: edgesOf(result.rows, genes, (r, gene) => ({ gene, studyCount: r.studyCount })),
    };
  }
}
