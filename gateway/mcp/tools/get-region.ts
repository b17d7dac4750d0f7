import { z } from "zod";
import { type Data, defineTool, ToolError } from "./tool";

const OPERATION = `query McpRegion {
    brainRegions { id name description interlexId parentId }
    brainRegionDistribution(topLimit: 10) {
      regions {
        region { id }
        distinctProteinCount paperCount
        compartments { name proteinCount paperCount topProteins { symbol paperCount } }
      }
    }
  }`;

export const getRegion = defineTool({
  name: "get_region",
  title: "Get a brain region",
  description:
    "One brain region (by id, or exact name such as Hippocampus) with its parent and child regions, and per synaptic compartment its consensus proteins, studies and top proteins.",
  inputSchema: {
    id: z.number().int().min(1).optional().describe("Brain region id (1 = Brain, the whole brain)"),
    name: z.string().min(1).max(100).optional().describe("Exact brain region name"),
  },
  async answer({ id, name }, { run, link }) {
    if (id === undefined && !name) throw new ToolError("Give the region's id or its name");
    const data = await run(OPERATION, {});
    const regions = data.brainRegions as Data[];
    const region = regions.find((r) =>
      id !== undefined ? r.id === id : r.name.toLowerCase() === name!.trim().toLowerCase(),
    );
    if (!region)
      throw new ToolError(
        `No brain region ${id ?? `'${name}'`}. Regions: ${regions.map((r) => `${r.id} ${r.name}`).join(", ")}`,
      );
    const distribution = (data.brainRegionDistribution.regions as Data[]).find(
      (r) => r.region.id === region.id,
    );
    const parent = regions.find((r) => r.id === region.parentId);
    return {
      id: region.id,
      name: region.name,
      description: region.description,
      interlexId: region.interlexId,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      children: regions.filter((r) => r.parentId === region.id).map((r) => ({ id: r.id, name: r.name })),
      consensusProteins: distribution?.distinctProteinCount ?? 0,
      studies: distribution?.paperCount ?? 0,
      compartments: (distribution?.compartments ?? []).map((c: Data) => ({
        name: c.name,
        consensusProteins: c.proteinCount,
        studies: c.paperCount,
        topProteins: c.topProteins.map((p: Data) => ({ symbol: p.symbol, studies: p.paperCount })),
      })),
      url: link.region(region.id),
    };
  },
});
