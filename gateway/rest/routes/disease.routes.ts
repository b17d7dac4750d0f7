import { DisplayMode } from "../../../schema/graph.type";
import type { CsvColumn } from "../../csv/csv-writer";
import { graphqlEnum } from "../params";
import { arrayOf, int, type JsonSchema, nullable, num, object, type Shape, yesNo } from "../response-schema";
import type { GraphQLData, ParamSpec, RestRoute } from "../route-table";
import {
  allMutationsCsv,
  countsCsvSummaries,
  geneIdColumns,
  LIST_PAGINATION,
  listCsvRoutes,
  modeParam,
  mutationsFilterRoute,
  pageParam,
  pageSizeParam,
  type RouteEntity,
  searchTermParam,
  studyColumns,
  summaryCsvRoutes,
  termParam,
} from "./entity-routes";
import { rowsWithMatches, withMatchSchema } from "./gene-matches";

const hdoidQuery: ParamSpec = {
  name: "hdoid",
  in: "query",
  type: "string",
  required: true,
  description: "Human Disease Ontology id, e.g. DOID:0060041.",
  message: "HDOID is required",
};
const hdoidPath: ParamSpec = {
  name: "hdoid",
  in: "path",
  type: "string",
  required: true,
  description: "Human Disease Ontology id, e.g. DOID:0060041.",
  message: "HDOID is required",
};
const diseaseNotFound = { when: (d: GraphQLData) => d.disease === null, message: "Disease not found" };
const disease: RouteEntity = {
  name: "disease",
  idArg: "hdoid",
  idType: "String!",
  idPath: hdoidPath,
  idValue: (p) => p.hdoid,
  notFound: diseaseNotFound,
  fileKey: "hdoid",
};

// ---- row shapes shared by the disease and publication routes ----

export const GENE_ROW = "id humanName humanEntrez mouseEntrez ratEntrez mgi paperCount isConsensus";

/** Disease gene view (spec 1 §3). */
export const diseaseGeneJson = (g: GraphQLData) => ({
  id: g.id,
  humanName: g.humanName,
  humanEntrez: g.humanEntrez,
  mouseEntrez: g.mouseEntrez,
  ratEntrez: g.ratEntrez,
  mgi: g.mgi,
  paperCount: g.paperCount,
  /** Spec 1 §3's `papers`: the number of distinct PMIDs (studies) reporting the gene, as paperCount. */
  papers: g.paperCount,
  isConsensus: g.isConsensus,
});

export const diseaseGeneSchema = (g: Shape) =>
  object({
    id: g.f("id"),
    humanName: g.f("humanName"),
    humanEntrez: g.f("humanEntrez"),
    mouseEntrez: g.f("mouseEntrez"),
    ratEntrez: g.f("ratEntrez"),
    mgi: g.f("mgi"),
    paperCount: g.f("paperCount"),
    papers: g.f("paperCount"),
    isConsensus: g.f("isConsensus"),
  });

export const diseaseGeneColumns: CsvColumn<GraphQLData>[] = [
  ...geneIdColumns((g) => g),
  { header: "Publications", value: (g) => g.paperCount },
  { header: "Consensus", value: (g) => yesNo(g.isConsensus) },
];

const PAPER_ROW = "pmid year name paperTitle description kind";

/** Disease paper (spec 1 §3). */
const diseasePaperJson = (p: GraphQLData) => ({
  pmid: p.pmid,
  year: p.year,
  name: p.name,
  paperTitle: p.paperTitle,
  description: p.description,
  kind: p.kind,
});

const diseasePaperSchema = (p: Shape) =>
  object({
    pmid: p.f("pmid"),
    year: p.f("year"),
    name: p.f("name"),
    paperTitle: p.f("paperTitle"),
    description: p.f("description"),
    kind: p.f("kind"),
  });

/** A disease with its counts: the search card, the one-row download and the catalog row. */
export const DISEASE_SUMMARY = `hdoid description definition geneCount consensusGeneCount consensusPercentage
  mutationCount paperCount consensusStats { totalConsensusGenes totalConsensusMutations mutationConsensusPercentage }`;

export const diseaseSummaryColumns: CsvColumn<GraphQLData>[] = [
  { header: "HDOID", value: (d) => d.hdoid },
  { header: "Disease", value: (d) => d.description },
  { header: "Definition", value: (d) => d.definition },
  { header: "Genes", value: (d) => d.geneCount },
  { header: "Consensus Genes", value: (d) => d.consensusGeneCount },
  { header: "Consensus %", value: (d) => d.consensusPercentage },
  { header: "Mutations", value: (d) => d.mutationCount },
  { header: "Consensus Mutations", value: (d) => d.consensusStats.totalConsensusMutations },
  { header: "Mutation Consensus %", value: (d) => d.consensusStats.mutationConsensusPercentage },
  { header: "Publications", value: (d) => d.paperCount },
];

/** The preview page of genes each search card carries (the first page of the genes tab). */
const SEARCH_GENES_PAGE_SIZE = 20;
/** Above this many diseases per page the search leaves the gene previews out (query cost). */
const SEARCH_GENES_MAX_DISEASES = 20;

const countPagination = (total: number, pageSize: number) => ({
  page: 1,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

const diseaseCard = (d: GraphQLData) => ({
  hdoid: d.hdoid,
  description: d.description,
  definition: d.definition,
  gene_count: d.geneCount,
  consensus_gene_count: d.consensusGeneCount,
  consensus_percentage: d.consensusPercentage,
  mutation_count: d.mutationCount,
  paper_count: d.paperCount,
  genes: d.genes ? (d.genes.genes as GraphQLData[]).map(diseaseGeneJson) : null,
  genes_pagination: d.genes
    ? d.genes.pagination
    : { ...countPagination(d.geneCount, SEARCH_GENES_PAGE_SIZE), totalConsensus: d.consensusGeneCount },
  mutations_pagination: {
    ...countPagination(d.mutationCount, SEARCH_GENES_PAGE_SIZE),
    totalConsensus: d.consensusStats.totalConsensusMutations,
    consensusPercentage: d.consensusStats.mutationConsensusPercentage,
  },
  papers_pagination: countPagination(d.paperCount, SEARCH_GENES_PAGE_SIZE),
  consensus_stats: {
    total_consensus_genes: d.consensusStats.totalConsensusGenes,
    total_consensus_mutations: d.consensusStats.totalConsensusMutations,
    mutation_consensus_percentage: d.consensusStats.mutationConsensusPercentage,
  },
});

const countPaginationSchema = (more: Record<string, JsonSchema> = {}) =>
  object({ page: int, pageSize: int, total: int, totalPages: int, ...more });

const diseaseCardSchema = (d: Shape) =>
  object({
    hdoid: d.f("hdoid"),
    description: d.f("description"),
    definition: d.f("definition"),
    gene_count: d.f("geneCount"),
    consensus_gene_count: d.f("consensusGeneCount"),
    consensus_percentage: d.f("consensusPercentage"),
    mutation_count: d.f("mutationCount"),
    paper_count: d.f("paperCount"),
    genes: nullable(arrayOf(diseaseGeneSchema(d.at("genes.genes")))),
    genes_pagination: {
      anyOf: [d.at("genes.pagination").item(), countPaginationSchema({ totalConsensus: int })],
    },
    mutations_pagination: countPaginationSchema({ totalConsensus: int, consensusPercentage: num }),
    papers_pagination: countPaginationSchema(),
    consensus_stats: object({
      total_consensus_genes: d.f("consensusStats.totalConsensusGenes"),
      total_consensus_mutations: d.f("consensusStats.totalConsensusMutations"),
      mutation_consensus_percentage: d.f("consensusStats.mutationConsensusPercentage"),
    }),
  });

export const diseaseRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/disease/search",
    category: "Search",
    summary: `Search diseases by HDOID (exact) or label/definition (substring); exact matches first. Each card carries its counts, consensus stats and, when pageSize ≤ ${SEARCH_GENES_MAX_DISEASES}, the first ${SEARCH_GENES_PAGE_SIZE} genes.`,
    params: [searchTermParam, pageParam, pageSizeParam(10)],
    operation: `query DiseaseSearch($q: String!, $page: Int!, $pageSize: Int!, $withGenes: Boolean!) {
      diseaseSearch(q: $q, page: $page, pageSize: $pageSize) {
        pagination { page pageSize total totalPages }
        diseases { ${DISEASE_SUMMARY}
          genes(pageSize: ${SEARCH_GENES_PAGE_SIZE}) @include(if: $withGenes) {
            pagination { ${LIST_PAGINATION} } genes { id humanName humanEntrez mouseEntrez ratEntrez mgi paperCount isConsensus }
          }
        }
      }
    }`,
    variables: (p) => ({
      q: p.q,
      page: p.page,
      pageSize: p.pageSize,
      withGenes: (p.pageSize as number) <= SEARCH_GENES_MAX_DISEASES,
    }),
    // Spec 2 §8: a search that matches no disease is a 404 (a page past the last of a match is an empty 200).
    notFound: { when: (d) => d.diseaseSearch.pagination.total === 0, message: "No diseases found" },
    response: "json",
    schema: (op) => ({
      data: arrayOf(diseaseCardSchema(op.at("diseaseSearch.diseases"))),
      extra: { pagination: op.at("diseaseSearch.pagination").item() },
    }),
    map: (d) => ({
      data: (d.diseaseSearch.diseases as GraphQLData[]).map(diseaseCard),
      message: `Found ${d.diseaseSearch.pagination.total} diseases`,
      extra: { pagination: d.diseaseSearch.pagination },
    }),
  },
  {
    method: "GET",
    path: "/api/disease/genes/filter",
    category: "Filter",
    summary: "One page of a disease's genes, filtered by text and consensus mode.",
    params: [
      hdoidQuery,
      pageParam,
      pageSizeParam(20),
      termParam(
        "a gene search term (symbol, alias, id, protein name; the protein-name lookup adds its genes) or a substring of the gene symbol or MGI id",
      ),
      modeParam(["all", "consensus", "non-consensus"]),
    ],
    operation: `query DiseaseGenesFilter($hdoid: String!, $page: Int!, $pageSize: Int!, $term: String!, $mode: DisplayMode!) {
      disease(hdoid: $hdoid) { hdoid description consensusGeneCount
        genes(page: $page, pageSize: $pageSize, term: $term, mode: $mode) {
          pagination { ${LIST_PAGINATION} } genes { ${GENE_ROW} }
          matches { geneId match proteinDerived } proteinLookup { name genes total }
        }
      }
    }`,
    variables: (p) => ({
      hdoid: p.hdoid,
      page: p.page,
      pageSize: p.pageSize,
      term: p.term,
      mode: graphqlEnum(DisplayMode, p.mode),
    }),
    notFound: diseaseNotFound,
    response: "json",
    schema: (op) => ({
      data: arrayOf(
        withMatchSchema(
          diseaseGeneSchema(op.at("disease.genes.genes")),
          op.at("disease.genes.matches"),
          false,
        ),
      ),
      extra: {
        pagination: op.at("disease.genes.pagination").item(),
        disease_stats: object({ total_consensus_genes: op.f("disease.consensusGeneCount") }),
        protein_lookup: op.f("disease.genes.proteinLookup"),
      },
    }),
    map: (d, p) => {
      const page = d.disease.genes;
      const term = String(p.term ?? "").trim();
      return {
        // With a term, each row also says how it matched and whether only the protein lookup found it.
        data: rowsWithMatches(page.genes, page.matches, diseaseGeneJson),
        message:
          term !== "" && page.pagination.totalFiltered === 0
            ? `No genes match '${term}' among the ${page.pagination.total} genes of ${d.disease.description}`
            : `${page.pagination.totalFiltered} genes for ${d.disease.description}`,
        extra: {
          pagination: page.pagination,
          disease_stats: { total_consensus_genes: d.disease.consensusGeneCount },
          protein_lookup: page.proteinLookup,
        },
      };
    },
  },
  mutationsFilterRoute(
    disease,
    hdoidQuery,
    "description",
    "One page of a disease's mutations, filtered by text and consensus mode.",
    ["all", "consensus", "non-consensus"],
  ),
  {
    method: "GET",
    path: "/api/disease/papers/filter",
    category: "Filter",
    summary:
      "One page of the studies behind a disease's data (proteomic studies reporting its genes, mutation studies reporting its mutations), newest first.",
    params: [
      hdoidQuery,
      pageParam,
      pageSizeParam(20),
      termParam("PMID, year, study name, title or description"),
    ],
    operation: `query DiseasePapersFilter($hdoid: String!, $page: Int!, $pageSize: Int!, $term: String!) {
      disease(hdoid: $hdoid) { hdoid description
        papers(page: $page, pageSize: $pageSize, term: $term) {
          pagination { page pageSize total totalPages totalFiltered } papers { ${PAPER_ROW} }
        }
      }
    }`,
    variables: (p) => ({ hdoid: p.hdoid, page: p.page, pageSize: p.pageSize, term: p.term }),
    notFound: diseaseNotFound,
    response: "json",
    schema: (op) => ({
      data: arrayOf(diseasePaperSchema(op.at("disease.papers.papers"))),
      extra: { pagination: op.at("disease.papers.pagination").item() },
    }),
    map: (d) => ({
      data: (d.disease.papers.papers as GraphQLData[]).map(diseasePaperJson),
      message: `${d.disease.papers.pagination.totalFiltered} publications for ${d.disease.description}`,
      extra: { pagination: d.disease.papers.pagination },
    }),
  },
  ...summaryCsvRoutes(
    disease,
    DISEASE_SUMMARY,
    diseaseSummaryColumns,
    countsCsvSummaries("disease"),
    "DiseaseCsv",
  ),
  ...listCsvRoutes(disease, "hdoid", "disease", [
    { sub: "allgenes", field: "allGenes", selection: GENE_ROW, columns: diseaseGeneColumns, what: "genes" },
    allMutationsCsv,
    {
      sub: "allpapers",
      field: "allPapers",
      selection: PAPER_ROW,
      columns: studyColumns,
      what: "publications",
    },
  ]),
];
