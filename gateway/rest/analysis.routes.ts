import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { GraphQLSchema } from "graphql";
import type { OpenAPIV3 } from "openapi-types";
import { toGraphml } from "../analysis/graphml";
import { MAX_ANALYSIS_IDENTIFIERS } from "../analysis/identifiers";
import { documentedColumns } from "../csv/column-docs";
import { type CsvColumn, csvFileName, sendCsv } from "../csv/csv-writer";
import { envelope, sendError } from "./envelope";
import { csvDescription, csvResponse, successSchema } from "./openapi";
import { walkOperation } from "./response-schema";
import type { GraphQLData, RunOperation } from "./route-table";

/**
 * Gene-list analysis and interaction networks take lists (up to 5,000 identifiers), which the
 * scalar parameters of the route table (500 characters each) cannot carry, so they are registered
 * here, beside the table, and still answer by running one named GraphQL operation in-process.
 */

/**
 * Body limit of POST /api/analyze only (the gateway's default is 64 KiB): 5,000 versioned Ensembl
 * ids take about 105 KB as JSON, and a custom background of up to 25,000 identifiers about 525 KB.
 */
export const ANALYZE_BODY_LIMIT = 1024 * 1024;

export const ANALYZE_OPERATION = `query AnalyzeGeneList($input: AnalyzeGeneListInput!) {
  analyzeGeneList(input: $input) {
    inputCount
    mapped { identifier geneId symbol matchedBy }
    ambiguous { identifier candidates { geneId symbol matchedBy } }
    unmapped
    genes { geneId symbol description humanEntrez identifiers isConsensus paperCount compartments diseases icd11Chapters }
    background { kind size listInBackground listOutsideBackground unmappedBackgroundIdentifiers }
    categories { category testedTerms }
    enrichment { category termId termName group overlap termSize expected foldEnrichment pValue fdr genes includesSyntheticData }
  }
}`;

export const NETWORK_OPERATION = `query GeneNetwork($input: GeneNetworkInput!) {
  geneNetwork(input: $input) {
    mode seedCount totalNodes totalEdges truncated message maxNodes maxEdges unmatched
    nodes { geneId symbol isSeed isConsensus diseaseCount degree }
    edges { source target sourceSymbol targetSymbol type method }
  }
}`;

const BACKGROUNDS = ["dataset", "synaptic", "consensus", "custom"] as const;
const CATEGORIES = ["compartment", "brain_region", "disease", "icd11_chapter", "go", "syngo"] as const;
const TABLES = ["enrichment", "genes", "mapping"] as const;

class InputError extends Error {}

function listOf(value: unknown, name: string): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number"))
    return value.map(String);
  throw new InputError(`${name} must be a string or an array of strings`);
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string, fallback: T): T {
  if (value === undefined || value === null || value === "") return fallback;
  const text = String(value).toLowerCase();
  if (!(allowed as readonly string[]).includes(text))
    throw new InputError(`${name} must be one of: ${allowed.join(", ")}`);
  return text as T;
}

const wantsCsv = (request: FastifyRequest) =>
  String((request.query as Record<string, unknown>).format ?? "").toLowerCase() === "csv" ||
  /\btext\/csv\b/i.test(String(request.headers.accept ?? ""));

const joined = (list: unknown) => (Array.isArray(list) ? list.join("; ") : "");

export const ENRICHMENT_COLUMNS = (n: number, N: number): CsvColumn<GraphQLData>[] => [
  { header: "Category", value: (t) => t.category },
  { header: "Term ID", value: (t) => t.termId },
  { header: "Term", value: (t) => t.termName },
  { header: "Group", value: (t) => t.group },
  { header: "Overlap", value: (t) => t.overlap },
  { header: "Term size", value: (t) => t.termSize },
  { header: "List size", value: () => n },
  { header: "Background size", value: () => N },
  { header: "Expected", value: (t) => t.expected },
  { header: "Fold enrichment", value: (t) => t.foldEnrichment },
  { header: "P value", value: (t) => t.pValue },
  { header: "FDR", value: (t) => t.fdr },
  { header: "Genes", value: (t) => joined(t.genes) },
  { header: "Includes synthetic data", value: (t) => Boolean(t.includesSyntheticData) },
];

export const GENE_COLUMNS: CsvColumn<GraphQLData>[] = [
  { header: "Identifiers", value: (g) => joined(g.identifiers) },
  { header: "Symbol", value: (g) => g.symbol },
  { header: "GeneID", value: (g) => g.geneId },
  { header: "Human Entrez", value: (g) => g.humanEntrez },
  { header: "Name", value: (g) => g.description },
  { header: "Consensus", value: (g) => Boolean(g.isConsensus) },
  { header: "Papers", value: (g) => g.paperCount },
  { header: "Compartments", value: (g) => joined(g.compartments) },
  { header: "Diseases", value: (g) => joined(g.diseases) },
  { header: "ICD-11 chapters", value: (g) => joined(g.icd11Chapters) },
];

export const MAPPING_COLUMNS: CsvColumn<GraphQLData>[] = [
  { header: "Identifier", value: (r) => r.identifier },
  { header: "Status", value: (r) => r.status },
  { header: "Symbols", value: (r) => r.symbols },
  { header: "GeneIDs", value: (r) => r.geneIds },
  { header: "Matched by", value: (r) => r.matchedBy },
];

export const EDGE_COLUMNS: CsvColumn<GraphQLData>[] = [
  { header: "Source GeneID", value: (e) => e.source },
  { header: "Source", value: (e) => e.sourceSymbol },
  { header: "Target GeneID", value: (e) => e.target },
  { header: "Target", value: (e) => e.targetSymbol },
  { header: "Type", value: (e) => e.type },
  { header: "Method", value: (e) => e.method },
];

function networkInput(query: Record<string, unknown>, uncapped: boolean): Record<string, unknown> {
  const genes = listOf(query.genes, "genes").join(",");
  const geneIdsText = listOf(query.geneIds, "geneIds").join(",");
  const compartment = query.compartment === undefined ? "" : String(query.compartment).trim();
  const mode = oneOf(query.mode, ["induced", "limited"] as const, "mode", "induced").toUpperCase();
  const input: Record<string, unknown> = { mode, uncapped };
  if (geneIdsText.trim() !== "") {
    const ids = geneIdsText.split(/[\s,;]+/).filter(Boolean);
    if (!ids.every((id) => /^\d{1,9}$/.test(id))) throw new InputError("geneIds must be whole numbers");
    if (ids.length > MAX_ANALYSIS_IDENTIFIERS)
      throw new InputError(`Too many genes: at most ${MAX_ANALYSIS_IDENTIFIERS.toLocaleString("en-US")}`);
    input.geneIds = ids.map(Number);
  }
  if (genes.trim() !== "") input.identifiers = [genes];
  if (compartment !== "") input.compartment = compartment;
  return input;
}

export function registerAnalysisRoutes(
  app: FastifyInstance,
  run: RunOperation,
  datasetVersion: () => string | null,
): void {
  const version = () => datasetVersion() ?? "unknown";
  const fail = (reply: FastifyReply, error: unknown) => {
    if (error instanceof InputError) return sendError(reply, 400, error.message);
    throw error;
  };

  app.post("/api/analyze", { bodyLimit: ANALYZE_BODY_LIMIT }, async (request, reply) => {
    let input: Record<string, unknown>;
    let table: (typeof TABLES)[number];
    try {
      const query = request.query as Record<string, unknown>;
      const body: Record<string, unknown> =
        typeof request.body === "string"
          ? { identifiers: request.body }
          : typeof request.body === "object" && request.body !== null && !Array.isArray(request.body)
            ? (request.body as Record<string, unknown>)
            : {};
      const identifiers = listOf(body.identifiers, "identifiers");
      if (identifiers.join("").trim() === "") throw new InputError("identifiers is required");
      const background = oneOf(body.background ?? query.background, BACKGROUNDS, "background", "dataset");
      const categories = listOf(body.categories, "categories").flatMap((c) =>
        c.split(/[\s,;]+/).filter(Boolean),
      );
      input = {
        identifiers,
        background: background.toUpperCase(),
        backgroundIdentifiers: listOf(body.backgroundIdentifiers, "backgroundIdentifiers"),
        ...(categories.length > 0
          ? { categories: categories.map((c) => oneOf(c, CATEGORIES, "categories", "go").toUpperCase()) }
          : {}),
      };
      table = oneOf(query.table, TABLES, "table", "enrichment");
    } catch (error) {
      return fail(reply, error);
    }
    const outcome = await run(ANALYZE_OPERATION, { input }, request);
    if (!outcome.ok) return sendError(reply, outcome.status, outcome.message);
    const result = outcome.data.analyzeGeneList as GraphQLData;
    if (!wantsCsv(request)) {
      return reply.send(
        envelope(
          result,
          `${result.mapped.length} of ${result.inputCount} identifiers mapped; ${result.enrichment.length} terms tested with overlap`,
        ),
      );
    }
    const bg = String(result.background.kind).toLowerCase();
    if (table === "genes")
      return sendCsv(reply, csvFileName(["gene_list_genes"], version()), GENE_COLUMNS, result.genes);
    if (table === "mapping") {
      const rows = [
        ...(result.mapped as GraphQLData[]).map((m) => ({
          identifier: m.identifier,
          status: "mapped",
          symbols: m.symbol,
          geneIds: String(m.geneId),
          matchedBy: m.matchedBy,
        })),
        ...(result.ambiguous as GraphQLData[]).map((a) => ({
          identifier: a.identifier,
          status: "ambiguous",
          symbols: (a.candidates as GraphQLData[]).map((c) => c.symbol).join("; "),
          geneIds: (a.candidates as GraphQLData[]).map((c) => c.geneId).join("; "),
          matchedBy: [...new Set((a.candidates as GraphQLData[]).map((c) => c.matchedBy))].join("; "),
        })),
        ...(result.unmapped as string[]).map((u) => ({
          identifier: u,
          status: "unmapped",
          symbols: "",
          geneIds: "",
          matchedBy: "",
        })),
      ];
      return sendCsv(reply, csvFileName(["gene_list_mapping"], version()), MAPPING_COLUMNS, rows);
    }
    return sendCsv(
      reply,
      csvFileName(["gene_list_enrichment", bg], version()),
      ENRICHMENT_COLUMNS(result.background.listInBackground, result.background.size),
      result.enrichment,
    );
  });

  const network = async (request: FastifyRequest, reply: FastifyReply, uncapped: boolean) => {
    let input: Record<string, unknown>;
    try {
      input = networkInput(request.query as Record<string, unknown>, uncapped);
    } catch (error) {
      fail(reply, error);
      return null;
    }
    const outcome = await run(NETWORK_OPERATION, { input }, request);
    if (!outcome.ok) {
      sendError(reply, outcome.status, outcome.message);
      return null;
    }
    return { data: outcome.data.geneNetwork as GraphQLData, input };
  };
  const networkName = (input: Record<string, unknown>) => [
    "network",
    String(input.mode).toLowerCase(),
    input.compartment
      ? String(input.compartment)
      : input.geneIds
        ? `${(input.geneIds as number[]).length}_genes`
        : "gene_list",
  ];

  app.get("/api/network", async (request, reply) => {
    const result = await network(request, reply, false);
    if (!result) return reply;
    return reply.send(
      envelope(
        result.data,
        result.data.message ?? `${result.data.nodes.length} genes, ${result.data.edges.length} interactions`,
      ),
    );
  });
  app.get("/api/network/csv", async (request, reply) => {
    const result = await network(request, reply, true);
    if (!result) return reply;
    return sendCsv(reply, csvFileName(networkName(result.input), version()), EDGE_COLUMNS, result.data.edges);
  });
  app.get("/api/network/graphml", async (request, reply) => {
    const result = await network(request, reply, true);
    if (!result) return reply;
    const name = csvFileName(networkName(result.input), version()).replace(/\.csv$/, ".graphml");
    return reply
      .type("application/graphml+xml; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("x-content-type-options", "nosniff")
      .send(
        toGraphml(
          result.data.nodes,
          result.data.edges,
          `Protein interaction network (${String(result.input.mode).toLowerCase()}) from the portal's PPI table, dataset ${version()}`,
        ),
      );
  });
}

const errorRef = (description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** Statuses every analysis path shares besides 200 and 400. */
const commonErrors = (get: boolean): OpenAPIV3.ResponsesObject => ({
  ...(get ? { "414": errorRef("The query string is too long.") } : {}),
  "500": errorRef("'An error occurred' (no internals are disclosed)."),
  "503": errorRef(
    "The database is unreachable or the dataset is being loaded; retry after Retry-After seconds.",
  ),
});
const notModified = {
  "304": { description: "Not modified: If-None-Match matched the ETag (code version, release and URL)." },
};
const headersOf = (columns: CsvColumn<GraphQLData>[]) => columns.map((c) => c.header);

const networkParams: OpenAPIV3.ParameterObject[] = [
  {
    name: "genes",
    in: "query",
    description:
      "Gene identifiers (symbols, Entrez, MGI, UniProt, Ensembl), comma-separated. Give one of genes, geneIds, compartment.",
    schema: { type: "string" },
  },
  {
    name: "geneIds",
    in: "query",
    description: "Internal GeneIDs, comma-separated.",
    schema: { type: "string" },
  },
  {
    name: "compartment",
    in: "query",
    description: "A compartment (Postsynaptic, Presynaptic, Synaptosome, Synaptic_Vesicle).",
    schema: { type: "string" },
  },
  {
    name: "mode",
    in: "query",
    description:
      "induced: the genes and all their interaction partners; limited: only interactions among the genes.",
    schema: { type: "string", enum: ["induced", "limited"], default: "induced" },
  },
];

const ANALYZE_SUMMARY =
  "Map a gene list (up to 5,000 identifiers of mixed kinds) and test it for over-representation of compartments, brain regions, diseases, ICD-11 chapters, GO and SynGO terms (one-sided hypergeometric test, Benjamini–Hochberg FDR). Runs the GraphQL query analyzeGeneList. JSON envelope, or CSV with Accept: text/csv or ?format=csv.";

/** The OpenAPI paths of these routes, merged into the generated document; data schemas from the operations. */
export const analysisOpenApiPaths = (graphqlSchema: GraphQLSchema): OpenAPIV3.PathsObject => ({
  "/api/analyze": {
    post: {
      operationId: "postApiAnalyze",
      summary: ANALYZE_SUMMARY,
      description: csvDescription(ANALYZE_SUMMARY, [
        ["CSV columns with table=enrichment (the default):", headersOf(ENRICHMENT_COLUMNS(0, 0))],
        ["CSV columns with table=genes:", headersOf(GENE_COLUMNS)],
        ["CSV columns with table=mapping:", headersOf(MAPPING_COLUMNS)],
      ]),
      tags: ["Analysis"],
      parameters: [
        {
          name: "format",
          in: "query",
          description: "csv for a CSV file instead of the JSON envelope.",
          schema: { type: "string", enum: ["json", "csv"], default: "json" },
        },
        {
          name: "table",
          in: "query",
          description: "Which table the CSV holds.",
          schema: { type: "string", enum: [...TABLES], default: "enrichment" },
        },
      ],
      requestBody: {
        required: true,
        description: `JSON (at most ${ANALYZE_BODY_LIMIT / 1024} KiB), or the list as text/plain.`,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["identifiers"],
              properties: {
                identifiers: {
                  description: `Identifiers: an array, or one text separated by newlines, commas, tabs, spaces or semicolons (at most ${MAX_ANALYSIS_IDENTIFIERS.toLocaleString("en-US")}).`,
                  oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
                },
                background: { type: "string", enum: [...BACKGROUNDS], default: "dataset" },
                backgroundIdentifiers: {
                  description: "The background list when background is custom (at most 25,000).",
                  oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
                },
                categories: {
                  description: "Categories to test (default all).",
                  type: "array",
                  items: { type: "string", enum: [...CATEGORIES] },
                },
              },
            },
          },
          "text/plain": { schema: { type: "string" } },
        },
      },
      responses: {
        "200": {
          description:
            "Success envelope (data: the analyzeGeneList result), or a CSV file whose columns depend on table (see the description).",
          content: {
            "application/json": {
              schema: successSchema({
                data: walkOperation(graphqlSchema, ANALYZE_OPERATION).at("analyzeGeneList").item(),
              }),
            },
            "text/csv": {
              schema: { type: "string" },
              "x-csv-tables": {
                enrichment: documentedColumns(headersOf(ENRICHMENT_COLUMNS(0, 0))),
                genes: documentedColumns(headersOf(GENE_COLUMNS)),
                mapping: documentedColumns(headersOf(MAPPING_COLUMNS)),
              },
            } as OpenAPIV3.MediaTypeObject,
          },
        },
        "400": errorRef("No identifiers, more than 5,000, or an invalid parameter."),
        "413": errorRef("The body exceeds the limit."),
        ...commonErrors(false),
      },
    },
  },
  "/api/network": {
    get: {
      operationId: "getApiNetwork",
      summary:
        "A protein interaction network from the PPI table (GraphQL geneNetwork), capped at 300 genes and 2,000 interactions; the message says what was cut.",
      tags: ["Analysis"],
      parameters: networkParams,
      responses: {
        "200": {
          description: "Success envelope (data: nodes, edges, totals, truncated, message).",
          content: {
            "application/json": {
              schema: successSchema({
                data: walkOperation(graphqlSchema, NETWORK_OPERATION).at("geneNetwork").item(),
              }),
            },
          },
        },
        ...notModified,
        "400": errorRef("No genes, several selectors, or an unknown compartment."),
        ...commonErrors(true),
      },
    },
  },
  "/api/network/csv": {
    get: {
      operationId: "getApiNetworkCsv",
      summary: "The whole network (no drawing cap) as a CSV edge list.",
      description: csvDescription("The whole network (no drawing cap) as a CSV edge list.", [
        ["Columns of the CSV file (the header row is stable):", headersOf(EDGE_COLUMNS)],
      ]),
      tags: ["Analysis"],
      parameters: networkParams,
      responses: {
        "200": csvResponse(headersOf(EDGE_COLUMNS), "A CSV edge list."),
        ...notModified,
        "400": errorRef("Invalid parameters."),
        ...commonErrors(true),
      },
    },
  },
  "/api/network/graphml": {
    get: {
      operationId: "getApiNetworkGraphml",
      summary: "The whole network (no drawing cap) as GraphML (Cytoscape, Gephi, igraph).",
      tags: ["Analysis"],
      parameters: networkParams,
      responses: {
        "200": {
          description: "A GraphML file.",
          content: { "application/graphml+xml": { schema: { type: "string" } } },
        },
        ...notModified,
        "400": errorRef("Invalid parameters."),
        ...commonErrors(true),
      },
    },
  },
});
