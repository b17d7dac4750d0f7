import type { CsvColumn } from "../../csv/csv-writer";
import { MAX_PAGE_SIZE } from "../../services/paging";
import { geneTabKeys, geneTabs, tabRowsSchema } from "../gene-tabs";
import { arrayOf, int, object, type Shape, str } from "../response-schema";
import {
  csvRoute,
  type GraphQLData,
  type ParamSpec,
  type ResponseSchema,
  type RestRoute,
} from "../route-table";
import { type RouteEntity, summaryCsvRoutes } from "./entity-routes";
import { rowsWithMatches, withMatchSchema } from "./gene-matches";
import {
  PAPER_PAGE_VARIABLES,
  PUBLICATION_FIELDS,
  pmidValue,
  publicationCard,
  publicationCardSchema,
  publicationPageParams,
  publicationPageVariables,
} from "./paper.routes";

const geneIdParam: ParamSpec = {
  name: "id",
  in: "path",
  type: "integer",
  min: 1,
  description: "Internal GeneID (DLG4 = 1).",
  message: "Invalid gene id",
};
const geneNotFound = { when: (d: GraphQLData) => d.gene === null, message: "Gene not found" };
const gene: RouteEntity = {
  name: "gene",
  idArg: "id",
  idType: "Int!",
  idPath: geneIdParam,
  idValue: (p) => p.id,
  notFound: geneNotFound,
  fileKey: "humanName",
};

const GENE_CARD_FIELDS = `id humanName description humanEntrez mouseEntrez ratEntrez mgi hgncId ensemblId uniprotId aliases
  isConsensus papersCount diseasesCount mutationsCount omimCount syngoCount syngoportalCount`;

/** The documented gene-search row (spec 1 §3). */
export const geneCard = (g: GraphQLData) => ({
  ID: g.id,
  HumanName: g.humanName,
  description: g.description,
  HumanEntrez: g.humanEntrez,
  MouseEntrez: g.mouseEntrez,
  RatEntrez: g.ratEntrez,
  MGI: g.mgi,
  hgnc_id: g.hgncId,
  ensembl_id: g.ensemblId,
  uniprot_id: g.uniprotId,
  aliases: (g.aliases as string[]).join(";"),
  isConsensus: g.isConsensus,
  papersCount: g.papersCount,
  diseasesCount: g.diseasesCount,
  mutationsCount: g.mutationsCount,
  omimCount: g.omimCount,
  syngoCount: g.syngoCount,
  syngoportalCount: g.syngoportalCount,
});

export const geneCardSchema = (g: Shape) =>
  object({
    ID: g.f("id"),
    HumanName: g.f("humanName"),
    description: g.f("description"),
    HumanEntrez: g.f("humanEntrez"),
    MouseEntrez: g.f("mouseEntrez"),
    RatEntrez: g.f("ratEntrez"),
    MGI: g.f("mgi"),
    hgnc_id: g.f("hgncId"),
    ensembl_id: g.f("ensemblId"),
    uniprot_id: g.f("uniprotId"),
    aliases: { ...str, description: "Aliases joined by ';'." },
    isConsensus: g.f("isConsensus"),
    papersCount: g.f("papersCount"),
    diseasesCount: g.f("diseasesCount"),
    mutationsCount: g.f("mutationsCount"),
    omimCount: g.f("omimCount"),
    syngoCount: g.f("syngoCount"),
    syngoportalCount: g.f("syngoportalCount"),
  });

const geneCardColumns: CsvColumn<GraphQLData>[] = [
  { header: "Gene ID", value: (g) => g.id },
  { header: "Gene Symbol", value: (g) => g.humanName },
  { header: "Description", value: (g) => g.description },
  { header: "Human Entrez", value: (g) => g.humanEntrez },
  { header: "Mouse Entrez", value: (g) => g.mouseEntrez },
  { header: "Rat Entrez", value: (g) => g.ratEntrez },
  { header: "MGI", value: (g) => g.mgi },
  { header: "HGNC", value: (g) => g.hgncId },
  { header: "Ensembl ID", value: (g) => g.ensemblId },
  { header: "UniProt ID", value: (g) => g.uniprotId },
  { header: "Aliases", value: (g) => (g.aliases as string[]).join(";") },
  { header: "Consensus", value: (g) => (g.isConsensus ? "Yes" : "No") },
  { header: "Publications", value: (g) => g.papersCount },
  { header: "Diseases", value: (g) => g.diseasesCount },
  { header: "Mutations", value: (g) => g.mutationsCount },
  { header: "OMIM Records", value: (g) => g.omimCount },
  { header: "GO Terms", value: (g) => g.syngoCount },
  { header: "SynGO Annotations", value: (g) => g.syngoportalCount },
];

/** One operation serves every tab: @include picks the tab asked for. */
const GENE_TAB_OPERATION = `query GeneTab($id: Int!, ${geneTabs.map((t) => `$${t.key}: Boolean!`).join(", ")}) {
  gene(id: $id) { id humanName
    ${geneTabs.map((t) => t.selection.replace(/^(\w+)/, `$1 @include(if: $${t.key})`)).join("\n    ")}
  }
}`;

const tabVariables = (id: number, tab: string) => ({
  id,
  ...Object.fromEntries(geneTabs.map((t) => [t.key, t.key === tab])),
});

export const geneRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/gene/search",
    category: "Search",
    summary:
      "Search genes by symbol, alias, protein name, Human/Mouse/Rat Entrez id or MGI id (exact symbol first).",
    params: [
      {
        name: "q",
        in: "query",
        type: "string",
        description: "Search term (required unless pmid is given).",
      },
      { name: "page", in: "query", type: "integer", default: 1, min: 1, description: "Page (1-based)." },
      {
        name: "pageSize",
        in: "query",
        type: "integer",
        default: 10,
        min: 1,
        max: MAX_PAGE_SIZE,
        description: `Rows per page (1–${MAX_PAGE_SIZE}).`,
      },
      {
        name: "pmid",
        in: "query",
        type: "string",
        description:
          "Without q: answer with the publication card of this study (its genes and mutations pages), as the publication screen uses it.",
      },
      ...publicationPageParams,
    ],
    // One operation: @include picks the gene search, or the publication card when only pmid is given.
    operation: `query GeneSearch($q: String!, $page: Int!, $pageSize: Int!, $byGene: Boolean!, $byPaper: Boolean!,
        $pmid: Int!, ${PAPER_PAGE_VARIABLES}) {
      geneSearch(q: $q, page: $page, pageSize: $pageSize) @include(if: $byGene) {
        genes { ${GENE_CARD_FIELDS} }
        matches { geneId match proteinDerived }
        proteinLookup { name genes total }
        pagination { page pageSize total totalPages }
      }
      paper(pmid: $pmid) @include(if: $byPaper) { ${PUBLICATION_FIELDS} }
    }`,
    variables: (p) => {
      const byPaper = p.pmid !== undefined && p.q === undefined;
      return {
        q: p.q ?? "",
        page: p.page,
        pageSize: p.pageSize,
        byGene: !byPaper,
        byPaper,
        pmid: byPaper ? pmidValue(p) : 0,
        ...publicationPageVariables(p, true),
      };
    },
    notFound: { when: (d) => d.paper === null, message: "Paper not found" },
    response: "json",
    schema: (op): ResponseSchema[] => [
      {
        data: arrayOf(
          withMatchSchema(geneCardSchema(op.at("geneSearch.genes")), op.at("geneSearch.matches"), true),
        ),
        extra: {
          count: object({ genes: int }),
          pagination: op.at("geneSearch.pagination").item(),
          protein_lookup: op.f("geneSearch.proteinLookup"),
        },
      },
      {
        data: arrayOf(publicationCardSchema(op.at("paper"))),
        extra: { count: object({ genes: op.at("paper").f("geneCount") }) },
      },
    ],
    map: (d) =>
      d.paper
        ? {
            data: [publicationCard(d.paper)],
            message: `Publication ${d.paper.pmid}`,
            extra: { count: { genes: d.paper.geneCount } },
          }
        : {
            // Each card says how it matched (match) and whether only the protein-name lookup found it.
            data: rowsWithMatches(d.geneSearch.genes, d.geneSearch.matches, geneCard),
            message:
              d.geneSearch.pagination.total === 0
                ? "No genes found"
                : `Found ${d.geneSearch.pagination.total} genes`,
            extra: {
              count: { genes: d.geneSearch.pagination.total },
              pagination: d.geneSearch.pagination,
              protein_lookup: d.geneSearch.proteinLookup,
            },
          },
  },
  {
    method: "GET",
    path: "/api/gene/:id/tab/:tab",
    category: "Search",
    summary:
      "One tab of a gene: papers, diseases, mutations, omim, syngo (GO terms) or syngoportal (SynGO annotations).",
    params: [
      geneIdParam,
      {
        name: "tab",
        in: "path",
        type: "string",
        enum: geneTabKeys,
        description: "Tab type.",
        message: `Invalid tab type. Must be one of: ${geneTabKeys.join(", ")}`,
      },
    ],
    operation: GENE_TAB_OPERATION,
    variables: (p) => tabVariables(p.id as number, p.tab as string),
    notFound: geneNotFound,
    response: "json",
    schema: (op) => geneTabs.map((tab) => ({ data: tabRowsSchema(tab, op.at("gene")) })),
    map: (d, p) => {
      const tab = geneTabs.find((t) => t.key === p.tab)!;
      const rows = d.gene[tab.field] as GraphQLData[];
      return { data: rows.map(tab.json), message: `${rows.length} ${tab.key} rows for ${d.gene.humanName}` };
    },
  },
  {
    method: "GET",
    path: "/api/gene/:id/papers",
    category: "Search",
    summary: "The studies that report a gene (same data as the papers tab).",
    params: [geneIdParam],
    operation: GENE_TAB_OPERATION,
    variables: (p) => tabVariables(p.id as number, "papers"),
    notFound: geneNotFound,
    response: "json",
    schema: (op) => ({ data: tabRowsSchema(geneTabs[0]!, op.at("gene")) }),
    map: (d) => ({
      data: (d.gene.papers as GraphQLData[]).map(geneTabs[0]!.json),
      message: `${d.gene.papers.length} papers for ${d.gene.humanName}`,
    }),
  },
  {
    method: "GET",
    path: "/api/consensus/genes",
    category: "Search",
    summary: "Human Entrez ids of the consensus genes (reported in five or more studies).",
    params: [],
    operation: "query ConsensusGenes { consensusGeneEntrezIds }",
    variables: () => ({}),
    response: "json",
    schema: (op) => ({ data: op.at("consensusGeneEntrezIds").schema() }),
    map: (d) => ({
      data: d.consensusGeneEntrezIds,
      message: `${d.consensusGeneEntrezIds.length} consensus genes`,
    }),
  },
  ...summaryCsvRoutes(
    gene,
    GENE_CARD_FIELDS,
    geneCardColumns,
    {
      search:
        "Every gene matching a search term, with its identifiers and counts, as CSV (the gene card columns).",
      row: "A gene's identifiers and counts as CSV (the gene card).",
    },
    "GeneCard",
  ),
  ...geneTabs.map((tab) =>
    csvRoute<GraphQLData>({
      method: "GET",
      path: `/api/gene/:id/${tab.csvPath}/csv`,
      category: "Additional CSV Exports",
      summary: `All ${tab.key} rows of a gene as CSV (the columns of its tab).`,
      params: [geneIdParam],
      operation: GENE_TAB_OPERATION,
      variables: (p) => tabVariables(p.id as number, tab.key),
      notFound: geneNotFound,
      response: "csv",
      fileName: (d) => ["gene", d.gene.humanName, tab.key],
      columns: tab.columns,
      rows: (d) => d.gene[tab.field] as GraphQLData[],
    }),
  ),
];
