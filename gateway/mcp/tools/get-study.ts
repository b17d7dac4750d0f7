import { z } from "zod";
import { type Data, defineTool, LIST_LIMIT, ToolError } from "./tool";

const OPERATION = `query McpStudy($pmid: Int!, $size: Int!) {
    paper(pmid: $pmid) {
      pmid name year title description kind localisation isSynthetic syntheticFields
      geneCount consensusGeneCount mutationCount availableLocalizations
      genes(page: 1, pageSize: $size) {
        pagination { total }
        genes { gene { id humanName } isConsensus isSynthetic localisation { name } brainRegion { name } species { name } }
      }
    }
  }`;

export const getStudy = defineTool({
  name: "get_study",
  title: "Get a study",
  description:
    "One study (by PubMed id) with its method context, compartments, gene and mutation counts and its first gene rows (gene × compartment × brain region × species).",
  inputSchema: { pmid: z.number().int().min(1).describe("PubMed id of the study") },
  async answer({ pmid }, { run, link }) {
    const { paper } = await run(OPERATION, { pmid, size: LIST_LIMIT });
    if (!paper) throw new ToolError(`No study with the PubMed id ${pmid}: try search_studies`);
    return {
      pmid: paper.pmid,
      name: paper.name,
      year: paper.year,
      title: paper.title,
      description: paper.description,
      kind: paper.kind,
      compartment: paper.localisation,
      compartments: paper.availableLocalizations,
      synthetic: paper.isSynthetic,
      syntheticFields: paper.syntheticFields,
      geneCount: paper.geneCount,
      consensusGeneCount: paper.consensusGeneCount,
      mutationCount: paper.mutationCount,
      geneRowCount: paper.genes.pagination.total,
      geneRows: paper.genes.genes.map((row: Data) => ({
        id: row.gene.id,
        symbol: row.gene.humanName,
        consensus: row.isConsensus,
        synthetic: row.isSynthetic,
        compartment: row.localisation?.name ?? null,
        brainRegion: row.brainRegion?.name ?? null,
        species: row.species?.name ?? null,
      })),
      url: link.study(paper.pmid),
    };
  },
});
