import { DisplayMode } from "../../../schema/graph.type";
import type { CsvColumn } from "../../csv/csv-writer";
import { MAX_PAGE_SIZE } from "../../services/paging";
import {
  mutationPlaceColumns,
  mutationVariantColumns,
  mutationVariantJson,
  mutationVariantSchema,
} from "../gene-tabs";
import { graphqlEnum } from "../params";
import { arrayOf, bool, nullable, object, type Shape, yesNo } from "../response-schema";
import { csvRoute, type GraphQLData, type ParamSpec, type Params, type RestRoute } from "../route-table";

// ---- parameters shared by the gene, disease and publication routes ----

export const pageParam: ParamSpec = {
  name: "page",
  in: "query",
  type: "integer",
  default: 1,
  min: 1,
  description: "Page (1-based).",
};
export const pageSizeParam = (fallback: number): ParamSpec => ({
  name: "pageSize",
  in: "query",
  type: "integer",
  default: fallback,
  min: 1,
  max: MAX_PAGE_SIZE,
  description: `Rows per page (1–${MAX_PAGE_SIZE}, default ${fallback}).`,
});
export const searchTermParam: ParamSpec = {
  name: "q",
  in: "query",
  type: "string",
  required: true,
  description: "Search term.",
  message: "Search term is required",
};
export const termParam = (what: string): ParamSpec => ({
  name: "term",
  in: "query",
  type: "string",
  default: "",
  description: `Optional filter: ${what}.`,
});
export const modeParam = (modes: readonly string[]): ParamSpec => ({
  name: "mode",
  in: "query",
  type: "string",
  default: "all",
  enum: modes,
  description: `${modes.join(", ")} (default all): keep rows of consensus genes only, or of the others.`,
});

/** The identifier columns of a gene in a download; `geneOf` finds the gene in a row. */
export const geneIdColumns = (geneOf: (row: GraphQLData) => GraphQLData): CsvColumn<GraphQLData>[] => [
  { header: "Gene ID", value: (r) => geneOf(r).id },
  { header: "Gene Symbol", value: (r) => geneOf(r).humanName },
  { header: "Human Entrez", value: (r) => geneOf(r).humanEntrez },
  { header: "Mouse Entrez", value: (r) => geneOf(r).mouseEntrez },
  { header: "Rat Entrez", value: (r) => geneOf(r).ratEntrez },
  { header: "MGI", value: (r) => geneOf(r).mgi },
];

/** The pagination of a filtered list with consensus totals. */
export const LIST_PAGINATION = "page pageSize total totalPages totalFiltered totalConsensus";

// ---- routes that differ only by their entity ----

/**
 * An entity with a search page (a gene, a disease, a study) as its REST routes name it: the GraphQL root
 * field (also the path segment and the start of file names) and its id argument.
 */
export interface RouteEntity {
  name: "gene" | "disease" | "paper";
  /** The id's GraphQL argument and type, e.g. `hdoid` and `String!`. */
  idArg: string;
  idType: string;
  /** The id as a path parameter. */
  idPath: ParamSpec;
  /** The id's GraphQL variable from the parsed parameters. */
  idValue: (p: Params) => unknown;
  notFound: { when: (d: GraphQLData) => boolean; message: string };
  /** The field a download's file name names one row by. */
  fileKey: string;
}

const capitalized = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`;

/**
 * The two downloads of an entity's summary rows (`selection`, as `columns`): `/api/<entity>/search/csv`,
 * every row a search term matches, and `/api/<entity>/:id/csv`, the one row of an id (operation
 * `rowOperation`).
 */
export const summaryCsvRoutes = (
  entity: RouteEntity,
  selection: string,
  columns: CsvColumn<GraphQLData>[],
  summaries: { search: string; row: string },
  rowOperation: string,
): RestRoute[] => {
  const searchField = `${entity.name}SearchAll`;
  return [
    csvRoute<GraphQLData>({
      method: "GET",
      path: `/api/${entity.name}/search/csv`,
      category: "Additional CSV Exports",
      summary: summaries.search,
      params: [searchTermParam],
      operation: `query ${capitalized(entity.name)}SearchCsv($q: String!) { ${searchField}(q: $q) { ${selection} } }`,
      variables: (p) => ({ q: p.q }),
      response: "csv",
      fileName: (_d, p) => [`${entity.name}_search`, p.q as string],
      columns,
      rows: (d) => d[searchField] as GraphQLData[],
    }),
    csvRoute<GraphQLData>({
      method: "GET",
      path: `/api/${entity.name}/:${entity.idPath.name}/csv`,
      category: "Additional CSV Exports",
      summary: summaries.row,
      params: [entity.idPath],
      operation: `query ${rowOperation}($${entity.idArg}: ${entity.idType}) { ${entity.name}(${entity.idArg}: $${entity.idArg}) { ${selection} } }`,
      variables: (p) => ({ [entity.idArg]: entity.idValue(p) }),
      notFound: entity.notFound,
      response: "csv",
      fileName: (d) => [entity.name, d[entity.name][entity.fileKey]],
      columns,
      rows: (d) => [d[entity.name]],
    }),
  ];
};

/** One list of an entity (its GraphQL field, e.g. allGenes) downloaded as `/api/<entity>/:id/<sub>/csv`. */
export interface ListCsv {
  sub: string;
  field: string;
  selection: string;
  columns: CsvColumn<GraphQLData>[];
  /** The rows, plural, as the summary names them. */
  what: string;
}

/**
 * The downloads of an entity's lists, each every row of the list as CSV (the columns of its tab);
 * `rootFields` are the fields of the entity the operations also ask, `noun` names it in the summaries.
 */
export const listCsvRoutes = (
  entity: RouteEntity,
  rootFields: string,
  noun: string,
  lists: ListCsv[],
): RestRoute[] =>
  lists.map(({ sub, field, selection, columns, what }) =>
    csvRoute<GraphQLData>({
      method: "GET",
      path: `/api/${entity.name}/:${entity.idPath.name}/${sub}/csv`,
      category: "Additional CSV Exports",
      summary: `All ${what} of a ${noun} as CSV (the columns of its tab).`,
      params: [entity.idPath],
      operation: `query ${capitalized(entity.name)}${capitalized(field)}Csv($${entity.idArg}: ${entity.idType}) {
      ${entity.name}(${entity.idArg}: $${entity.idArg}) { ${rootFields} ${field} { ${selection} } }
    }`,
      variables: (p) => ({ [entity.idArg]: entity.idValue(p) }),
      notFound: entity.notFound,
      response: "csv",
      fileName: (d) => [entity.name, d[entity.name][entity.fileKey], sub.replace(/^all/, "")],
      columns,
      rows: (d) => d[entity.name][field] as GraphQLData[],
    }),
  );

/**
 * `/api/<entity>/mutations/filter`: one page of its mutations, filtered by text and mode; `title` is
 * the field the message names the entity by.
 */
export const mutationsFilterRoute = (
  entity: RouteEntity,
  idQuery: ParamSpec,
  title: string,
  summary: string,
  modes: readonly string[],
): RestRoute => ({
  method: "GET",
  path: `/api/${entity.name}/mutations/filter`,
  category: "Filter",
  summary,
  params: [
    idQuery,
    pageParam,
    pageSizeParam(20),
    termParam("substring of the variant, gene symbol, function class, cDNA/protein change or study"),
    modeParam(modes),
  ],
  operation: `query ${capitalized(entity.name)}MutationsFilter($${entity.idArg}: ${entity.idType}, $page: Int!, $pageSize: Int!, $term: String!, $mode: DisplayMode!) {
      ${entity.name}(${entity.idArg}: $${entity.idArg}) { ${entity.idArg} ${title}
        mutations(page: $page, pageSize: $pageSize, term: $term, mode: $mode) {
          pagination { ${LIST_PAGINATION} consensusPercentage } mutations { ${MUTATION_ROW} }
        }
      }
    }`,
  variables: (p) => ({
    [entity.idArg]: entity.idValue(p),
    page: p.page,
    pageSize: p.pageSize,
    term: p.term,
    mode: graphqlEnum(DisplayMode, p.mode),
  }),
  notFound: entity.notFound,
  response: "json",
  schema: (op) => ({
    data: arrayOf(mutationSchema(op.at(`${entity.name}.mutations.mutations`))),
    extra: { pagination: op.at(`${entity.name}.mutations.pagination`).item() },
  }),
  map: (d) => {
    const root = d[entity.name];
    return {
      data: (root.mutations.mutations as GraphQLData[]).map(mutationJson),
      message: `${root.mutations.pagination.totalFiltered} mutations for ${root[title]}`,
      extra: { pagination: root.mutations.pagination },
    };
  },
});

// ---- the mutations and studies lists of a disease and of a study ----

export const MUTATION_ROW = `id hdoid chromosome position variant functionClass cdnaVariant proteinVariant exonIntron
  denovo sfari epilepsyGene clinvar studyName assembly isSynthetic pubmedIds gene { humanName humanEntrez isConsensus }`;

/** Disease / publication mutation view (spec 1 §3). */
export const mutationJson = (m: GraphQLData) => ({
  id: m.id,
  variant: m.variant,
  chromosome: m.chromosome,
  position: m.position,
  geneName: m.gene?.humanName ?? null,
  humanEntrez: m.gene?.humanEntrez ?? null,
  hdoid: m.hdoid,
  ...mutationVariantJson(m),
  papers: m.pubmedIds,
  isConsensus: m.gene?.isConsensus ?? false,
  is_synthetic: m.isSynthetic,
});

export const mutationSchema = (m: Shape) =>
  object({
    id: m.f("id"),
    variant: m.f("variant"),
    chromosome: m.f("chromosome"),
    position: m.f("position"),
    geneName: nullable(m.f("gene.humanName")),
    humanEntrez: nullable(m.f("gene.humanEntrez")),
    hdoid: m.f("hdoid"),
    ...mutationVariantSchema(m),
    papers: m.f("pubmedIds"),
    isConsensus: bool,
    is_synthetic: m.f("isSynthetic"),
  });

export const mutationColumns: CsvColumn<GraphQLData>[] = [
  ...mutationPlaceColumns,
  { header: "Gene", value: (m) => m.gene?.humanName },
  { header: "Human Entrez", value: (m) => m.gene?.humanEntrez },
  { header: "Disease Ontology ID", value: (m) => m.hdoid },
  ...mutationVariantColumns,
  { header: "Consensus Gene", value: (m) => yesNo(m.gene?.isConsensus ?? false) },
  { header: "Synthetic sample row", value: (m) => yesNo(m.isSynthetic) },
];

/** The download of every mutation of a disease or a study (the columns of its mutations tab). */
export const allMutationsCsv: ListCsv = {
  sub: "allmutations",
  field: "allMutations",
  selection: MUTATION_ROW,
  columns: mutationColumns,
  what: "mutations",
};

/** What the search and one-row downloads of a disease or a study (`noun`) say they hold. */
export const countsCsvSummaries = (noun: string) => ({
  search: `Every ${noun} matching a search term, with its counts, as CSV.`,
  row: `A ${noun}'s identifiers, counts and consensus figures as one CSV row.`,
});

/** A study's own columns in a download: a disease's studies, and the start of a study's summary row. */
export const studyColumns: CsvColumn<GraphQLData>[] = [
  { header: "PubMed ID", value: (p) => p.pmid },
  { header: "Year", value: (p) => p.year },
  { header: "Study", value: (p) => p.name },
  { header: "Title", value: (p) => p.paperTitle },
  { header: "Description", value: (p) => p.description },
  { header: "Kind", value: (p) => p.kind },
];
