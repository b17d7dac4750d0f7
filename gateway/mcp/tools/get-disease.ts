import { z } from "zod";
import { type Data, defineTool, LIST_LIMIT, ToolError } from "./tool";

const OPERATION = `query McpDisease($hdoid: String!, $size: Int!) {
    disease(hdoid: $hdoid) {
      hdoid description definition icd11Chapter omimIds icdCodes
      geneCount consensusGeneCount consensusPercentage mutationCount paperCount
      genes(page: 1, pageSize: $size) { genes { id humanName isConsensus paperCount } }
      papers(page: 1, pageSize: $size) { papers { pmid name year } }
    }
  }`;

export const getDisease = defineTool({
  name: "get_disease",
  title: "Get a disease",
  description:
    "One disease (by DOID, e.g. DOID:0060041 for autism spectrum disorder) with its counts, its ICD-11 chapter, and its first genes and studies.",
  inputSchema: {
    hdoid: z.string().min(1).max(40).describe("Human Disease Ontology id, e.g. DOID:0060041"),
  },
  async answer({ hdoid }, { run, link }) {
    const { disease } = await run(OPERATION, { hdoid: hdoid.trim(), size: LIST_LIMIT });
    if (!disease) throw new ToolError(`No disease with the id '${hdoid}': try search_diseases`);
    return {
      hdoid: disease.hdoid,
      name: disease.description,
      definition: disease.definition,
      icd11Chapter: disease.icd11Chapter
        ? { chapter: disease.icd11Chapter, url: link.chapter(disease.icd11Chapter) }
        : null,
      omimIds: disease.omimIds,
      icdCodes: disease.icdCodes,
      geneCount: disease.geneCount,
      consensusGeneCount: disease.consensusGeneCount,
      consensusPercentage: disease.consensusPercentage,
      mutationCount: disease.mutationCount,
      studyCount: disease.paperCount,
      genes: disease.genes.genes.map((g: Data) => ({
        id: g.id,
        symbol: g.humanName,
        consensus: g.isConsensus,
        studies: g.paperCount,
      })),
      studies: disease.papers.papers.map((s: Data) => ({
        pmid: s.pmid,
        name: s.name,
        year: s.year,
        url: link.study(s.pmid),
      })),
      url: link.disease(disease.hdoid),
    };
  },
});
