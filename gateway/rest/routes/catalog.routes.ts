import { DiseaseSortKey, GeneSortKey, PaperSortKey, SortDirection } from "../../../schema/list-enums";
import type { CsvColumn } from "../../csv/csv-writer";
import { DISEASE_SORT_KEYS, GENE_SORT_KEYS, PAPER_SORT_KEYS } from "../../services/catalog.service";
import { MAX_PAGE_SIZE } from "../../services/paging";
import { graphqlEnum } from "../params";
import { arrayOf, type JsonSchema, object, type Shape } from "../response-schema";
import { csvRoute, type GraphQLData, type ParamSpec, type Params, type RestRoute } from "../route-table";
import { pageParam, pageSizeParam } from "./entity-routes";

/** The filters every catalog and its download take (spec 2 §7). */
const catalogParams = (
  sortKeys: Record<string, unknown>,
  defaultSort: string,
  consensusOnly: string,
): ParamSpec[] => [
  {
    name: "sortBy",
    in: "query",
    type: "string",
    default: defaultSort,
    enum: Object.keys(sortKeys),
    anyCase: true,
    description: `Sort key: ${Object.keys(sortKeys).join(", ")} (any case; default ${defaultSort}). Empty values sort last.`,
  },
  {
    name: "sortDir",
    in: "query",
    type: "string",
    enum: ["asc", "desc"],
    anyCase: true,
    message: "sortDir must be asc or desc",
    description: `asc or desc (default ${defaultSort === "Year" ? "desc for Year, asc otherwise" : "asc"}).`,
  },
  { name: "search", in: "query", type: "string", default: "", description: "Optional text filter." },
  { name: "consensusOnly", in: "query", type: "boolean", default: false, description: consensusOnly },
];

const filterVariables = (p: Params, sortKeys: Record<string, string>) => ({
  sortBy: graphqlEnum(sortKeys, p.sortBy),
  sortDir: graphqlEnum(SortDirection, p.sortDir),
  search: p.search,
  consensusOnly: p.consensusOnly,
  ...(p.minStudies === undefined ? {} : { minStudies: p.minStudies }),
});
const filterVariableTypes = (sortKeyType: string) =>
  `$sortBy: ${sortKeyType}!, $sortDir: SortDirection, $search: String!, $consensusOnly: Boolean!`;
const FILTER_ARGS = "sortBy: $sortBy, sortDir: $sortDir, search: $search, consensusOnly: $consensusOnly";
const PAGE_VARIABLES = "$page: Int!, $pageSize: Int!";
const PAGE_ARGS = "page: $page, pageSize: $pageSize";

const yesNo = (v: boolean) => (v ? "Yes" : "No");

// ---- Synapse Proteome Catalog ----

const GENE_TABLE_ROW = `id humanName humanEntrez mouseName mouseEntrez ratName ratEntrez mgi paperCount
  diseasesCount omimCount syngoCount isConsensus`;

const geneTableJson = (g: GraphQLData) => ({
  id: g.id,
  humanName: g.humanName,
  humanEntrez: g.humanEntrez,
  mouseName: g.mouseName,
  mouseEntrez: g.mouseEntrez,
  ratName: g.ratName,
  ratEntrez: g.ratEntrez,
  mgi: g.mgi,
  paperCount: g.paperCount,
  diseaseCount: g.diseasesCount,
  omimCount: g.omimCount,
  syngoCount: g.syngoCount,
  isConsensus: g.isConsensus,
});

const geneTableSchema = (g: Shape) =>
  object({
    id: g.f("id"),
    humanName: g.f("humanName"),
    humanEntrez: g.f("humanEntrez"),
    mouseName: g.f("mouseName"),
    mouseEntrez: g.f("mouseEntrez"),
    ratName: g.f("ratName"),
    ratEntrez: g.f("ratEntrez"),
    mgi: g.f("mgi"),
    paperCount: g.f("paperCount"),
    diseaseCount: g.f("diseasesCount"),
    omimCount: g.f("omimCount"),
    syngoCount: g.f("syngoCount"),
    isConsensus: g.f("isConsensus"),
  });

const geneTableColumns: CsvColumn<GraphQLData>[] = [
  { header: "Gene ID", value: (g) => g.id },
  { header: "Human Symbol", value: (g) => g.humanName },
  { header: "Human Entrez", value: (g) => g.humanEntrez },
  { header: "Mouse Symbol", value: (g) => g.mouseName },
  { header: "Mouse Entrez", value: (g) => g.mouseEntrez },
  { header: "Rat Symbol", value: (g) => g.ratName },
  { header: "Rat Entrez", value: (g) => g.ratEntrez },
  { header: "MGI", value: (g) => g.mgi },
  { header: "Papers", value: (g) => g.paperCount },
  { header: "Diseases", value: (g) => g.diseasesCount },
  { header: "OMIM Records", value: (g) => g.omimCount },
  { header: "GO Terms", value: (g) => g.syngoCount },
  { header: "Consensus", value: (g) => yesNo(g.isConsensus) },
];

// ---- Diseases Catalog ----

const DISEASE_TABLE_ROW =
  "hdoid description geneCount consensusGeneCount consensusPercentage mutationCount paperCount";

const diseaseTableJson = (d: GraphQLData) => ({
  hdoid: d.hdoid,
  description: d.description,
  geneCount: d.geneCount,
  consensusGeneCount: d.consensusGeneCount,
  consensusPercentage: d.consensusPercentage,
  mutationCount: d.mutationCount,
  paperCount: d.paperCount,
});

const diseaseTableSchema = (d: Shape) =>
  object({
    hdoid: d.f("hdoid"),
    description: d.f("description"),
    geneCount: d.f("geneCount"),
    consensusGeneCount: d.f("consensusGeneCount"),
    consensusPercentage: d.f("consensusPercentage"),
    mutationCount: d.f("mutationCount"),
    paperCount: d.f("paperCount"),
  });

const diseaseTableColumns: CsvColumn<GraphQLData>[] = [
  { header: "HDOID", value: (d) => d.hdoid },
  { header: "Description", value: (d) => d.description },
  { header: "Genes", value: (d) => d.geneCount },
  { header: "Consensus Genes", value: (d) => d.consensusGeneCount },
  { header: "Consensus %", value: (d) => d.consensusPercentage },
  { header: "Mutations", value: (d) => d.mutationCount },
  { header: "Papers", value: (d) => d.paperCount },
];

// ---- Publications Catalog ----

const PAPER_TABLE_ROW = "pmid year paperTitle geneCount consensusGeneCount consensusPercentage mutationCount";

const paperTableJson = (p: GraphQLData) => ({
  pmid: p.pmid,
  year: p.year,
  paperTitle: p.paperTitle,
  geneCount: p.geneCount,
  consensusGeneCount: p.consensusGeneCount,
  consensusPercentage: p.consensusPercentage,
  mutationCount: p.mutationCount,
});

const paperTableSchema = (p: Shape) =>
  object({
    pmid: p.f("pmid"),
    year: p.f("year"),
    paperTitle: p.f("paperTitle"),
    geneCount: p.f("geneCount"),
    consensusGeneCount: p.f("consensusGeneCount"),
    consensusPercentage: p.f("consensusPercentage"),
    mutationCount: p.f("mutationCount"),
  });

const paperTableColumns: CsvColumn<GraphQLData>[] = [
  { header: "PMID", value: (p) => p.pmid },
  { header: "Year", value: (p) => p.year },
  { header: "Paper Title", value: (p) => p.paperTitle },
  { header: "Genes", value: (p) => p.geneCount },
  { header: "Consensus Genes", value: (p) => p.consensusGeneCount },
  { header: "Consensus %", value: (p) => p.consensusPercentage },
  { header: "Mutations", value: (p) => p.mutationCount },
];

interface Catalog {
  key: "gene" | "disease" | "paper";
  title: string;
  field: string;
  rowsField: string;
  row: string;
  json: (row: GraphQLData) => Record<string, unknown>;
  jsonSchema: (row: Shape) => JsonSchema;
  columns: CsvColumn<GraphQLData>[];
  params: ParamSpec[];
  /** The GraphQL enum of the sort keys (GeneSortKey, ...): its name and its values. */
  sortKeyType: string;
  sortKeys: Record<string, string>;
  consensusSelection: string;
  /** Catalog-specific filters beyond the shared ones (GraphQL variable declarations and arguments). */
  extraVariables?: string;
  extraArgs?: string;
}

const CATALOG_SUMMARY = "totalConsensusGenes totalGenes overallPercentage";

const catalogs: Catalog[] = [
  {
    key: "gene",
    title: "Synapse Proteome Catalog",
    field: "geneTable",
    rowsField: "genes",
    row: GENE_TABLE_ROW,
    json: geneTableJson,
    jsonSchema: geneTableSchema,
    columns: geneTableColumns,
    params: [
      ...catalogParams(GENE_SORT_KEYS, "ID", "Only consensus genes (reported in five or more studies)."),
      {
        name: "minStudies",
        in: "query",
        type: "integer",
        min: 0,
        description: "Optional: only genes reported in at least this many studies.",
      },
    ],
    sortKeyType: "GeneSortKey",
    sortKeys: GeneSortKey,
    extraVariables: "$minStudies: Int",
    extraArgs: "minStudies: $minStudies",
    consensusSelection: "totalInResult percentageInResult totalInDatabase",
  },
  {
    key: "disease",
    title: "Diseases Catalog",
    field: "diseaseTable",
    rowsField: "diseases",
    row: DISEASE_TABLE_ROW,
    json: diseaseTableJson,
    jsonSchema: diseaseTableSchema,
    columns: diseaseTableColumns,
    params: catalogParams(DISEASE_SORT_KEYS, "HDOID", "Only diseases with at least one consensus gene."),
    sortKeyType: "DiseaseSortKey",
    sortKeys: DiseaseSortKey,
    consensusSelection: CATALOG_SUMMARY,
  },
  {
    key: "paper",
    title: "Publications Catalog",
    field: "paperTable",
    rowsField: "papers",
    row: PAPER_TABLE_ROW,
    json: paperTableJson,
    jsonSchema: paperTableSchema,
    columns: paperTableColumns,
    params: catalogParams(PAPER_SORT_KEYS, "Year", "Only studies reporting at least one consensus gene."),
    sortKeyType: "PaperSortKey",
    sortKeys: PaperSortKey,
    consensusSelection: CATALOG_SUMMARY,
  },
];

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const variables = (c: Catalog) =>
  [filterVariableTypes(c.sortKeyType), c.extraVariables].filter(Boolean).join(", ");
const args = (c: Catalog) => [FILTER_ARGS, c.extraArgs].filter(Boolean).join(", ");

export const catalogRoutes: RestRoute[] = catalogs.flatMap((c): RestRoute[] => [
  {
    method: "GET",
    path: `/api/${c.key}/table`,
    category: "Search",
    summary: `One sorted, filtered page of the ${c.title}, with totals and a consensus summary.`,
    params: [pageParam, pageSizeParam(20), ...c.params],
    operation: `query ${capitalised(c.key)}Table(${PAGE_VARIABLES}, ${variables(c)}) {
      ${c.field}(${PAGE_ARGS}, ${args(c)}) {
        pagination { page pageSize total totalPages } consensus { ${c.consensusSelection} } ${c.rowsField} { ${c.row} }
      }
    }`,
    variables: (p) => ({ page: p.page, pageSize: p.pageSize, ...filterVariables(p, c.sortKeys) }),
    response: "json",
    schema: (op) => {
      const table = op.at(c.field);
      return {
        data: arrayOf(c.jsonSchema(table.at(c.rowsField))),
        extra: { pagination: table.at("pagination").item(), consensus: table.at("consensus").item() },
      };
    },
    map: (d) => {
      const table = d[c.field];
      return {
        data: (table[c.rowsField] as GraphQLData[]).map(c.json),
        message: `${table.pagination.total} ${c.rowsField} found`,
        extra: { pagination: table.pagination, consensus: table.consensus },
      };
    },
  },
  csvRoute<GraphQLData>({
    method: "GET",
    path: `/api/${c.key}/csv`,
    category: "Additional CSV Exports",
    summary: `Every row of the ${c.title} matching the filters, sorted, as CSV (the table's columns); with page or pageSize, only that page of the table.`,
    params: [
      ...c.params,
      { ...pageParam, default: undefined, description: "Optional: export only this page (1-based)." },
      {
        ...pageSizeParam(20),
        default: undefined,
        description: `Optional: rows per exported page (1–${MAX_PAGE_SIZE}, default 20 when page is given).`,
      },
    ],
    operation: `query ${capitalised(c.key)}TableCsv($paged: Boolean!, $page: Int! = 1, $pageSize: Int! = 20, ${variables(c)}) {
      ${c.field}All(${args(c)}) @skip(if: $paged) { ${c.row} }
      ${c.field}(${PAGE_ARGS}, ${args(c)}) @include(if: $paged) { ${c.rowsField} { ${c.row} } }
    }`,
    variables: (p) => ({
      paged: p.page !== undefined || p.pageSize !== undefined,
      page: p.page ?? 1,
      pageSize: p.pageSize ?? 20,
      ...filterVariables(p, c.sortKeys),
    }),
    response: "csv",
    fileName: (_d, p) => [
      `${c.key}_table`,
      (p.search as string) || "all",
      p.consensusOnly ? "consensus" : "",
      p.minStudies === undefined ? "" : `min${p.minStudies}studies`,
      p.page === undefined && p.pageSize === undefined ? "" : `page${p.page ?? 1}`,
    ],
    columns: c.columns,
    rows: (d) => (d[c.field]?.[c.rowsField] ?? d[`${c.field}All`]) as GraphQLData[],
  }),
]);
