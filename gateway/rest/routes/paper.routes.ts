import { DisplayMode } from "../../../schema/graph.type";
import type { CsvColumn } from "../../csv/csv-writer";
import { COMPARTMENT_NAMES } from "../../services/compartment.service";
import { brainRegionJson, brainRegionSchema } from "../gene-tabs";
import { compartmentVariable, graphqlEnum } from "../params";
import { arrayOf, nullable, object, type Shape, yesNo } from "../response-schema";
import type { GraphQLData, ParamSpec, Params, RestRoute } from "../route-table";
import {
  allMutationsCsv,
  countsCsvSummaries,
  geneIdColumns,
  LIST_PAGINATION,
  listCsvRoutes,
  MUTATION_ROW,
  modeParam,
  mutationJson,
  mutationSchema,
  mutationsFilterRoute,
  pageParam,
  pageSizeParam,
  type RouteEntity,
  searchTermParam,
  studyColumns,
  summaryCsvRoutes,
  termParam,
} from "./entity-routes";

const pmidQuery: ParamSpec = {
  name: "pmid",
  in: "query",
  type: "string",
  required: true,
  description: "PubMed id of the study, e.g. 10862698.",
  message: "PMID is required",
};
const pmidPath: ParamSpec = { ...pmidQuery, in: "path" };
/** A compartment filter of a study's gene rows: a compartment name in any case, omitted for all. */
const localizationEnum = {
  enum: COMPARTMENT_NAMES,
  anyCase: true,
  message: `Invalid localization. Must be one of: ${COMPARTMENT_NAMES.join(", ")}`,
};

/** A PMID as the GraphQL Int it must be; anything else becomes -1, which the API answers with 'Invalid PMID'. */
export const pmidValue = (p: Params): number => {
  const text = String(p.pmid ?? "").trim();
  const n = /^\d{1,10}$/.test(text) ? Number(text) : -1;
  return n >= 1 && n <= 2_147_483_647 ? n : -1;
};
const paperNotFound = { when: (d: GraphQLData) => d.paper === null, message: "Paper not found" };
const paper: RouteEntity = {
  name: "paper",
  idArg: "pmid",
  idType: "Int!",
  idPath: pmidPath,
  idValue: pmidValue,
  notFound: paperNotFound,
  fileKey: "pmid",
};

const GENE_ROW = `gene { id humanName humanEntrez mouseEntrez ratEntrez mgi isConsensus } dataset isConsensus isSynthetic
  species { taxid name sciName } brainRegion { id name description interlexId } localisation { name } method { name }`;

/** Publication gene (spec 1 §3). */
const paperGeneJson = (r: GraphQLData) => ({
  gene_id: r.gene.id,
  human_name: r.gene.humanName,
  human_entrez: r.gene.humanEntrez,
  mouse_entrez: r.gene.mouseEntrez,
  rat_entrez: r.gene.ratEntrez,
  mgi: r.gene.mgi,
  dataset: r.dataset,
  species: r.species ? { sci_name: r.species.sciName, name: r.species.name } : null,
  brain_region: brainRegionJson(r),
  localisation: r.localisation ? { name: r.localisation.name } : null,
  method: r.method ? { name: r.method.name } : null,
  is_consensus: r.isConsensus,
  is_synthetic: r.isSynthetic,
});

const paperGeneSchema = (r: Shape) =>
  object({
    gene_id: r.f("gene.id"),
    human_name: r.f("gene.humanName"),
    human_entrez: r.f("gene.humanEntrez"),
    mouse_entrez: r.f("gene.mouseEntrez"),
    rat_entrez: r.f("gene.ratEntrez"),
    mgi: r.f("gene.mgi"),
    dataset: r.f("dataset"),
    species: nullable(object({ sci_name: r.f("species.sciName"), name: r.f("species.name") })),
    brain_region: brainRegionSchema(r),
    localisation: nullable(object({ name: r.f("localisation.name") })),
    method: nullable(object({ name: r.f("method.name") })),
    is_consensus: r.f("isConsensus"),
    is_synthetic: r.f("isSynthetic"),
  });

const paperGeneColumns: CsvColumn<GraphQLData>[] = [
  ...geneIdColumns((r) => r.gene),
  { header: "Dataset", value: (r) => r.dataset },
  { header: "Species", value: (r) => r.species?.name },
  { header: "Species (scientific)", value: (r) => r.species?.sciName },
  { header: "Brain Region", value: (r) => r.brainRegion?.name },
  { header: "InterLex ID", value: (r) => r.brainRegion?.interlexId },
  { header: "Localisation", value: (r) => r.localisation?.name },
  { header: "Method", value: (r) => r.method?.name },
  { header: "Consensus", value: (r) => yesNo(r.isConsensus) },
  { header: "Synthetic sample row", value: (r) => yesNo(r.isSynthetic) },
];

/** A study with its counts: the search card, the one-row download and the catalog row. */
export const PAPER_SUMMARY = `pmid year name paperTitle description kind isSynthetic geneCount consensusGeneCount
  consensusPercentage mutationCount availableLocalizations consensusStats { totalConsensusGenes consensusPercentage }`;

export const paperSummaryColumns: CsvColumn<GraphQLData>[] = [
  ...studyColumns,
  { header: "Genes", value: (p) => p.geneCount },
  { header: "Consensus Genes", value: (p) => p.consensusGeneCount },
  { header: "Consensus %", value: (p) => p.consensusPercentage },
  { header: "Mutations", value: (p) => p.mutationCount },
  { header: "Localisations", value: (p) => (p.availableLocalizations as string[]).join(";") },
];

/** The genes and mutations pages of a publication card, driven by the variables of the operation. */
const PAPER_PAGES = `
  genes(page: $genesPage, pageSize: $genesPageSize, term: $geneFilter, localization: $geneLocalization, mode: $geneDisplayMode)
    @include(if: $withGenes) { pagination { ${LIST_PAGINATION} } genes { ${GENE_ROW} } }
  mutations(page: $mutationsPage, pageSize: $mutationsPageSize) @include(if: $withMutations) {
    pagination { ${LIST_PAGINATION} consensusPercentage } mutations { ${MUTATION_ROW} } }`;
export const PAPER_PAGE_VARIABLES = `$genesPage: Int!, $genesPageSize: Int!, $geneFilter: String!, $geneLocalization: CompartmentName,
  $geneDisplayMode: DisplayMode!, $withGenes: Boolean!, $mutationsPage: Int!, $mutationsPageSize: Int!, $withMutations: Boolean!`;

/** The publication card (spec 1 §3 'Publication (search)'). */
export const publicationCard = (p: GraphQLData) => ({
  PMID: p.pmid,
  paperTitle: p.paperTitle,
  year: p.year,
  name: p.name,
  description: p.description,
  kind: p.kind,
  is_synthetic: p.isSynthetic,
  total_genes_count: p.geneCount,
  consensus_genes_count: p.consensusGeneCount,
  total_mutations_count: p.mutationCount,
  associated_genes: p.genes ? (p.genes.genes as GraphQLData[]).map(paperGeneJson) : null,
  genes_pagination: p.genes?.pagination ?? null,
  associated_mutations: p.mutations ? (p.mutations.mutations as GraphQLData[]).map(mutationJson) : null,
  mutations_pagination: p.mutations?.pagination ?? null,
  consensus_stats: {
    total_consensus_genes: p.consensusStats.totalConsensusGenes,
    consensus_percentage: p.consensusStats.consensusPercentage,
  },
  available_localizations: p.availableLocalizations,
});

const consensusStatsSchema = (p: Shape) =>
  object({
    total_consensus_genes: p.f("consensusStats.totalConsensusGenes"),
    consensus_percentage: p.f("consensusStats.consensusPercentage"),
  });

/** The publication card's fields but its genes and mutations pages (the stats tab). */
const publicationStatsProperties = (p: Shape) => ({
  PMID: p.f("pmid"),
  paperTitle: p.f("paperTitle"),
  year: p.f("year"),
  name: p.f("name"),
  description: p.f("description"),
  kind: p.f("kind"),
  is_synthetic: p.f("isSynthetic"),
  total_genes_count: p.f("geneCount"),
  consensus_genes_count: p.f("consensusGeneCount"),
  total_mutations_count: p.f("mutationCount"),
  consensus_stats: consensusStatsSchema(p),
  available_localizations: p.f("availableLocalizations"),
});

export const publicationCardSchema = (p: Shape) =>
  object({
    ...publicationStatsProperties(p),
    associated_genes: nullable(arrayOf(paperGeneSchema(p.at("genes.genes")))),
    genes_pagination: nullable(p.at("genes.pagination").item()),
    associated_mutations: nullable(arrayOf(mutationSchema(p.at("mutations.mutations")))),
    mutations_pagination: nullable(p.at("mutations.pagination").item()),
  });

/** Parameters of the genes and mutations pages inside publication cards (spec 1 §7). */
export const publicationPageParams: ParamSpec[] = [
  { ...pageParam, name: "genesPage", description: "Page of each study's genes." },
  { ...pageSizeParam(20), name: "genesPageSize", description: "Gene rows per study (1–100, default 20)." },
  { ...termParam("gene symbol or MGI substring, or an exact Entrez id"), name: "geneFilter" },
  {
    name: "geneLocalization",
    in: "query",
    type: "string",
    default: "",
    description:
      "Only gene rows of this compartment (a compartment name, any case; omitted for all). Any other name is a 400.",
    ...localizationEnum,
  },
  { ...modeParam(["all", "consensus", "non-consensus"]), name: "geneDisplayMode" },
  { ...pageParam, name: "mutationsPage", description: "Page of each study's mutations." },
  {
    ...pageSizeParam(20),
    name: "mutationsPageSize",
    description: "Mutations per study (1–100, default 20).",
  },
];

export const publicationPageVariables = (p: Params, withPages: boolean) => ({
  genesPage: p.genesPage,
  genesPageSize: p.genesPageSize,
  geneFilter: p.geneFilter,
  geneLocalization: compartmentVariable(p.geneLocalization),
  geneDisplayMode: graphqlEnum(DisplayMode, p.geneDisplayMode),
  withGenes: withPages,
  mutationsPage: p.mutationsPage,
  mutationsPageSize: p.mutationsPageSize,
  withMutations: withPages,
});

/** The publication card's selection (needs the PAPER_PAGE_VARIABLES), e.g. for /api/gene/search?pmid=… */
export const PUBLICATION_FIELDS = `${PAPER_SUMMARY} ${PAPER_PAGES}`;

/**
 * Every search card carries its genes and mutations pages. Their cost is bounded: studies per page ×
 * (gene rows + mutations per study) may be at most this many rows; the defaults (10 × (20 + 20)) fit,
 * and a request beyond it is a 400 naming the bound (never a silent null).
 */
export const SEARCH_PREVIEW_MAX_ROWS = 400;
const BOUND_NOTE = `pageSize × (genesPageSize + mutationsPageSize) must be at most ${SEARCH_PREVIEW_MAX_ROWS}.`;
const previewBound = (p: Params): string | null =>
  (p.pageSize as number) * ((p.genesPageSize as number) + (p.mutationsPageSize as number)) <=
  SEARCH_PREVIEW_MAX_ROWS
    ? null
    : `pageSize × (genesPageSize + mutationsPageSize) must be at most ${SEARCH_PREVIEW_MAX_ROWS} (got ${p.pageSize} × (${p.genesPageSize} + ${p.mutationsPageSize}))`;

const PAPER_TABS = ["genes", "mutations", "stats"] as const;

/** The variables of one page of a study's gene rows (or mutations, which leave out the compartment). */
const studyListVariables = (p: Params) => ({
  pmid: pmidValue(p),
  page: p.page,
  pageSize: p.pageSize,
  term: p.term,
  localization: compartmentVariable(p.localization),
  mode: graphqlEnum(DisplayMode, p.mode),
});

export const paperRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/paper/search",
    category: "Search",
    summary: `Search studies by PMID or year (exact) or by name, title or description (substring). Each card carries its counts, consensus stats, compartments and its genes and mutations pages; pageSize × (genesPageSize + mutationsPageSize) must be at most ${SEARCH_PREVIEW_MAX_ROWS} (400 otherwise).`,
    params: [
      searchTermParam,
      pageParam,
      { ...pageSizeParam(10), description: `Studies per page (1–100, default 10). ${BOUND_NOTE}` },
      ...publicationPageParams.map((param) =>
        param.name === "genesPageSize" || param.name === "mutationsPageSize"
          ? { ...param, description: `${param.description} ${BOUND_NOTE}` }
          : param,
      ),
    ],
    check: previewBound,
    operation: `query PaperSearch($q: String!, $page: Int!, $pageSize: Int!, ${PAPER_PAGE_VARIABLES}) {
      paperSearch(q: $q, page: $page, pageSize: $pageSize) {
        pagination { page pageSize total totalPages }
        papers { ${PAPER_SUMMARY} ${PAPER_PAGES} }
      }
    }`,
    variables: (p) => ({
      q: p.q,
      page: p.page,
      pageSize: p.pageSize,
      ...publicationPageVariables(p, true),
    }),
    response: "json",
    schema: (op) => ({
      data: arrayOf(publicationCardSchema(op.at("paperSearch.papers"))),
      extra: { pagination: op.at("paperSearch.pagination").item() },
    }),
    map: (d) => ({
      data: (d.paperSearch.papers as GraphQLData[]).map(publicationCard),
      message:
        d.paperSearch.pagination.total === 0
          ? "No publications found"
          : `Found ${d.paperSearch.pagination.total} publications`,
      extra: { pagination: d.paperSearch.pagination },
    }),
  },
  {
    method: "GET",
    path: "/api/paper/genes/filter",
    category: "Filter",
    summary:
      "One page of a study's gene rows (gene × brain region × compartment), filtered by text, compartment and consensus mode.",
    params: [
      pmidQuery,
      pageParam,
      pageSizeParam(20),
      termParam("substring of the gene symbol or MGI id, or an exact Entrez id"),
      {
        name: "localization",
        in: "query",
        type: "string",
        default: "",
        description:
          "Only rows of this compartment (Postsynaptic, Presynaptic, Synaptosome or Synaptic_Vesicle, any case; omitted for all). Any other name is a 400.",
        ...localizationEnum,
      },
      modeParam(["all", "consensus", "non-consensus"]),
    ],
    operation: `query PaperGenesFilter($pmid: Int!, $page: Int!, $pageSize: Int!, $term: String!, $localization: CompartmentName, $mode: DisplayMode!) {
      paper(pmid: $pmid) { pmid name geneCount consensusGeneCount availableLocalizations
        consensusStats { totalConsensusGenes consensusPercentage }
        genes(page: $page, pageSize: $pageSize, term: $term, localization: $localization, mode: $mode) {
          pagination { ${LIST_PAGINATION} } genes { ${GENE_ROW} }
        }
      }
    }`,
    variables: studyListVariables,
    notFound: paperNotFound,
    response: "json",
    schema: (op) => {
      const p = op.at("paper");
      return {
        data: arrayOf(paperGeneSchema(p.at("genes.genes"))),
        extra: {
          consensus_stats: consensusStatsSchema(p),
          available_localizations: p.f("availableLocalizations"),
          pagination: p.at("genes.pagination").item(),
          count: object({ genes: p.f("geneCount"), consensus_genes: p.f("consensusGeneCount") }),
        },
      };
    },
    map: (d) => ({
      data: (d.paper.genes.genes as GraphQLData[]).map(paperGeneJson),
      message: `${d.paper.genes.pagination.totalFiltered} gene rows for ${d.paper.name}`,
      extra: {
        consensus_stats: {
          total_consensus_genes: d.paper.consensusStats.totalConsensusGenes,
          consensus_percentage: d.paper.consensusStats.consensusPercentage,
        },
        available_localizations: d.paper.availableLocalizations,
        pagination: d.paper.genes.pagination,
        count: { genes: d.paper.geneCount, consensus_genes: d.paper.consensusGeneCount },
      },
    }),
  },
  mutationsFilterRoute(
    paper,
    pmidQuery,
    "name",
    "One page of a study's mutations, filtered by text and mode (all or consensus).",
    ["all", "consensus"],
  ),
  {
    method: "GET",
    path: "/api/paper/tab/:pmid/:tab",
    category: "Search",
    summary:
      "One tab of a study: genes, mutations (each paged and filtered) or stats (counts and compartments).",
    params: [
      pmidPath,
      {
        name: "tab",
        in: "path",
        type: "string",
        enum: PAPER_TABS,
        description: "Tab type.",
        message: `Invalid tab type. Must be one of: ${PAPER_TABS.join(", ")}`,
      },
      termParam("as in the genes or mutations filter"),
      {
        ...modeParam(["all", "consensus", "non-consensus"]),
        anyCase: true,
        description:
          "all, consensus or non-consensus (default all; the mutations tab takes all or consensus).",
      },
      {
        name: "localization",
        in: "query",
        type: "string",
        default: "",
        description:
          "Genes tab: only rows of this compartment (a compartment name, any case). Any other name is a 400.",
        ...localizationEnum,
      },
      pageParam,
      pageSizeParam(20),
    ],
    operation: `query PaperTab($pmid: Int!, $page: Int!, $pageSize: Int!, $term: String!, $localization: CompartmentName, $mode: DisplayMode!,
        $genes: Boolean!, $mutations: Boolean!) {
      paper(pmid: $pmid) { ${PAPER_SUMMARY}
        genes(page: $page, pageSize: $pageSize, term: $term, localization: $localization, mode: $mode) @include(if: $genes) {
          pagination { ${LIST_PAGINATION} } genes { ${GENE_ROW} } }
        mutations(page: $page, pageSize: $pageSize, term: $term, mode: $mode) @include(if: $mutations) {
          pagination { ${LIST_PAGINATION} consensusPercentage } mutations { ${MUTATION_ROW} } }
      }
    }`,
    variables: (p) => ({
      ...studyListVariables(p),
      genes: p.tab === "genes",
      mutations: p.tab === "mutations",
    }),
    notFound: paperNotFound,
    response: "json",
    schema: (op) => {
      const p = op.at("paper");
      return [
        {
          data: arrayOf(paperGeneSchema(p.at("genes.genes"))),
          extra: { pagination: p.at("genes.pagination").item() },
        },
        {
          data: arrayOf(mutationSchema(p.at("mutations.mutations"))),
          extra: { pagination: p.at("mutations.pagination").item() },
        },
        { data: object(publicationStatsProperties(p)) },
      ];
    },
    map: (d, p) => {
      if (p.tab === "genes")
        return {
          data: (d.paper.genes.genes as GraphQLData[]).map(paperGeneJson),
          message: `${d.paper.genes.pagination.totalFiltered} gene rows for ${d.paper.name}`,
          extra: { pagination: d.paper.genes.pagination },
        };
      if (p.tab === "mutations")
        return {
          data: (d.paper.mutations.mutations as GraphQLData[]).map(mutationJson),
          message: `${d.paper.mutations.pagination.totalFiltered} mutations for ${d.paper.name}`,
          extra: { pagination: d.paper.mutations.pagination },
        };
      const { associated_genes, genes_pagination, associated_mutations, mutations_pagination, ...stats } =
        publicationCard(d.paper);
      return { data: stats, message: `Statistics of ${d.paper.name}` };
    },
  },
  ...summaryCsvRoutes(paper, PAPER_SUMMARY, paperSummaryColumns, countsCsvSummaries("study"), "PaperCsv"),
  ...listCsvRoutes(paper, "pmid name", "study", [
    { sub: "allgenes", field: "allGenes", selection: GENE_ROW, columns: paperGeneColumns, what: "gene rows" },
    allMutationsCsv,
  ]),
];
