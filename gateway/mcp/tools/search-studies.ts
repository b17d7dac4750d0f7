import { type Data, defineTool, page, query } from "./tool";

const OPERATION = `query McpSearchStudies($q: String!, $page: Int!) {
    paperSearch(q: $q, page: $page, pageSize: 10) {
      pagination { page totalPages total }
      papers { pmid name year title kind localisation isSynthetic geneCount mutationCount }
    }
  }`;

export const searchStudies = defineTool({
  name: "search_studies",
  title: "Search studies",
  description:
    "Find synapse proteomic and mutation studies by PubMed id, author, title or year, with their gene and mutation counts.",
  inputSchema: { query, page },
  async answer({ query: q, page: p }, { run, link }) {
    const { paperSearch } = await run(OPERATION, { q, page: p });
    return {
      total: paperSearch.pagination.total,
      page: paperSearch.pagination.page,
      pages: paperSearch.pagination.totalPages,
      studies: paperSearch.papers.map((s: Data) => ({
        pmid: s.pmid,
        name: s.name,
        year: s.year,
        title: s.title,
        kind: s.kind,
        compartment: s.localisation,
        synthetic: s.isSynthetic,
        genes: s.geneCount,
        mutations: s.mutationCount,
        url: link.study(s.pmid),
      })),
    };
  },
});
