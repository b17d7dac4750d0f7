import { z } from "zod";
import { GENE_SUMMARY, SEARCH_GENES_OPERATION } from "./search-genes";
import { type Data, defineTool, first, ToolError, unique } from "./tool";

const OPERATION = `query McpGene($id: Int!) {
    gene(id: $id) {
      ${GENE_SUMMARY} humanEntrez mouseEntrez mouseName mgi hgncId ensemblId uniprotId aliases
      chromosomeLocation mutationsCount interactorCount
      compartments { name }
      brainRegions { id name }
      diseases { hdoid description source }
      papers { pmid name year isSynthetic localisation { name } brainRegion { name } species { name } }
      interactors { id humanName }
    }
  }`;

export const getGene = defineTool({
  name: "get_gene",
  title: "Get a gene",
  description:
    "One gene with its identifiers and relations: compartments, brain regions, diseases, studies and interactors. Give its GeneID (from search_genes) or its exact human symbol.",
  inputSchema: {
    id: z.number().int().min(1).optional().describe("GeneID of the portal (DLG4 = 1)"),
    symbol: z.string().min(1).max(50).optional().describe("Exact human gene symbol, e.g. DLG4"),
  },
  async answer({ id, symbol }, { run, link }) {
    let geneId = id;
    if (geneId === undefined) {
      if (!symbol) throw new ToolError("Give the gene's id or its symbol");
      const { geneSearch } = await run(SEARCH_GENES_OPERATION, { q: symbol, page: 1 });
      const exact = (geneSearch.genes as Data[]).find(
        (g) => g.humanName.toUpperCase() === symbol.trim().toUpperCase(),
      );
      if (!exact) throw new ToolError(`No gene with the symbol '${symbol}': try search_genes`);
      geneId = exact.id as number;
    }
    const { gene } = await run(OPERATION, { id: geneId });
    if (!gene) throw new ToolError(`No gene with the id ${geneId}: try search_genes`);
    const studies = unique(gene.papers as Data[], (p) => p.pmid);
    return {
      id: gene.id,
      symbol: gene.humanName,
      name: gene.description,
      consensus: gene.isConsensus,
      identifiers: {
        humanEntrez: gene.humanEntrez,
        mouseEntrez: gene.mouseEntrez,
        mouseSymbol: gene.mouseName,
        mgi: gene.mgi,
        hgnc: gene.hgncId,
        ensembl: gene.ensemblId,
        uniprot: gene.uniprotId,
        aliases: gene.aliases,
        location: gene.chromosomeLocation,
      },
      compartments: gene.compartments.map((c: Data) => c.name),
      brainRegions: gene.brainRegions.map((r: Data) => ({
        id: r.id,
        name: r.name,
        url: link.region(r.id),
      })),
      diseaseCount: gene.diseasesCount,
      diseases: first(gene.diseases as Data[]).map((d) => ({
        hdoid: d.hdoid,
        name: d.description,
        source: d.source,
        url: link.disease(d.hdoid),
      })),
      studyCount: gene.paperCount,
      studies: first(studies).map((s) => ({
        pmid: s.pmid,
        name: s.name,
        year: s.year,
        synthetic: s.isSynthetic,
        url: link.study(s.pmid),
      })),
      mutations: gene.mutationsCount,
      interactorCount: gene.interactorCount,
      interactors: first(gene.interactors as Data[]).map((g) => g.humanName),
      url: link.gene(gene.humanName),
    };
  },
});
