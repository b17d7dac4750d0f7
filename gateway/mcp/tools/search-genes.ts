import type { PortalLinks } from "./links";
import { type Data, defineTool, page, query } from "./tool";

/** The fields of a gene in a search answer (get_gene reads them too). */
export const GENE_SUMMARY = "id humanName description isConsensus paperCount diseasesCount";

export const SEARCH_GENES_OPERATION = `query McpSearchGenes($q: String!, $page: Int!) {
    geneSearch(q: $q, page: $page, pageSize: 10) {
      pagination { page totalPages total }
      genes { ${GENE_SUMMARY} }
      matches { geneId match }
    }
  }`;

/** A gene of a search answer, linked to its page. */
function geneRow(g: Data, link: PortalLinks) {
  return {
    id: g.id,
    symbol: g.humanName,
    name: g.description,
    consensus: g.isConsensus,
    studies: g.paperCount,
    diseases: g.diseasesCount,
    url: link.gene(g.humanName),
  };
}

export const searchGenes = defineTool({
  name: "search_genes",
  title: "Search genes",
  description:
    "Find synaptic genes by symbol, alias, protein name, Entrez or MGI id. Returns GeneIDs (for get_gene), study counts and the consensus flag (reported in 5+ studies).",
  inputSchema: { query, page },
  async answer({ query: q, page: p }, { run, link }) {
    const { geneSearch } = await run(SEARCH_GENES_OPERATION, { q, page: p });
    return {
      total: geneSearch.pagination.total,
      page: geneSearch.pagination.page,
      pages: geneSearch.pagination.totalPages,
      genes: geneSearch.genes.map((g: Data, i: number) => ({
        ...geneRow(g, link),
        match: geneSearch.matches[i]?.match,
      })),
    };
  },
});
