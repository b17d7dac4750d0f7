import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import {
  BrainRegionDistribution,
  RegionProtein,
  RegionProteinTablePage,
} from "../../../schema/brain-region-views.type";
import { CompartmentName } from "../../../schema/graph.type";
import { MAX_TOP_LIMIT } from "../../services/brain-region.service";
import { checkPage } from "../../services/paging";
import type { PortalContext } from "../context";

@Resolver()
export class BrainRegionDistributionResolver {
  @Query(() => BrainRegionDistribution, {
    description:
      "Consensus proteins (genes in five or more studies) per brain region and synaptic compartment, with top proteins and species. Region 1 (Brain) is the whole brain: counted over every region.",
  })
  brainRegionDistribution(
    @Arg("topLimit", () => Int, {
      defaultValue: 10,
      description: `Top proteins listed per region and compartment (1–${MAX_TOP_LIMIT}).`,
    })
    topLimit: number,
    @Ctx() { services }: PortalContext,
  ): Promise<BrainRegionDistribution> {
    return services.brainRegions.distribution(topLimit);
  }

  @Query(() => [RegionProtein], {
    description:
      "Every consensus gene reported per brain region and compartment, by region name, compartment and study count (the downloads; page one region with brainRegionProteinTable).",
  })
  brainRegionProteins(
    @Arg("regionId", () => Int, {
      nullable: true,
      description:
        "One region; 1 (Brain, the root) means the whole brain: a row per compartment and gene over every region. Every region, row by row, when null.",
    })
    regionId: number | null,
    @Arg("compartment", () => CompartmentName, {
      nullable: true,
      description: "One compartment; every compartment when null.",
    })
    compartment: CompartmentName | null,
    @Ctx() { services }: PortalContext,
  ): Promise<RegionProtein[]> {
    return services.brainRegions.proteins(regionId ?? null, compartment ?? null);
  }

  @Query(() => RegionProteinTablePage, {
    description:
      "One page of the consensus genes of a brain region (and compartment), in the order of brainRegionProteins: by compartment, then most studies first (the brain-region screen's table).",
  })
  brainRegionProteinTable(
    @Arg("regionId", () => Int, {
      description:
        "The region; 1 (Brain, the root) means the whole brain: a row per compartment and gene over every region.",
    })
    regionId: number,
    @Arg("compartment", () => CompartmentName, {
      nullable: true,
      description: "One compartment; every compartment when null.",
    })
    compartment: CompartmentName | null,
    @Arg("page", () => Int, {
      defaultValue: 1,
      description: "Page (1-based); a page past the end serves the last page.",
    })
    page: number,
    @Arg("pageSize", () => Int, { defaultValue: 50, description: "Rows per page (1–100)." }) pageSize: number,
    @Ctx() { services }: PortalContext,
  ): Promise<RegionProteinTablePage> {
    return services.brainRegions.proteinTable(regionId, compartment ?? null, checkPage(page, pageSize));
  }
}
