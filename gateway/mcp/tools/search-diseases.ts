import { type Data, defineTool, page, query } from "./tool";

const OPERATION = `query McpSearchDiseases($q: String!, $page: Int!) {
    diseaseSearch(q: $q, page: $page, pageSize: 10) {
      pagination { page totalPages total }
      diseases { hdoid description icd11Chapter geneCount consensusGeneCount mutationCount }
    }
  }`;

export const searchDiseases = defineTool({
  name: "search_diseases",
  title: "Search diseases",
  description:
    "Find diseases (Human Disease Ontology) by DOID or words of the name or definition, with their synaptic gene and mutation counts.",
  inputSchema: { query, page },
  async answer({ query: q, page: p }, { run, link }) {
    const { diseaseSearch } = await run(OPERATION, { q, page: p });
    return {
      total: diseaseSearch.pagination.total,
      page: diseaseSearch.pagination.page,
      pages: diseaseSearch.pagination.totalPages,
      diseases: diseaseSearch.diseases.map((d: Data) => ({
        hdoid: d.hdoid,
        name: d.description,
        icd11Chapter: d.icd11Chapter,
        genes: d.geneCount,
        consensusGenes: d.consensusGeneCount,
        mutations: d.mutationCount,
        url: link.disease(d.hdoid),
      })),
    };
  },
});
