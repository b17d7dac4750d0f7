import type { FastifyInstance } from "fastify";
import type { GraphQLSchema } from "graphql";
import type { OpenAPIV3 } from "openapi-types";
import { CompareSetKind, MAX_COMPARED_SETS, MIN_COMPARED_SETS } from "../../schema/compare.type";
import { type CsvColumn, csvFileName, sendCsv } from "../csv/csv-writer";
import { ANALYZE_BODY_LIMIT } from "./analysis.routes";
import { envelope, sendError } from "./envelope";
import { csvResponse, successSchema } from "./openapi";
import { walkOperation } from "./response-schema";
import type { GraphQLData, RunOperation } from "./route-table";

/**
 * POST /api/compare: a comparison of 2 to 6 gene sets. Its sets may be pasted gene lists (up to
 * 5,000 identifiers each), which no query string carries, so it takes a JSON body like
 * POST /api/analyze and runs the GraphQL query compareSets in-process.
 */
export const COMPARE_OPERATION = `query CompareSets($sets: [CompareSetInput!]!) {
  compareSets(sets: $sets) {
    unionSize
    unmapped
    sets { index kind value resolvedId label consensusOnly size unmapped ambiguous { identifier candidates { geneId symbol matchedBy } } }
    intersections { sets exclusiveSize geneIds symbols }
  }
}`;

const KINDS = Object.values(CompareSetKind).map((k) => k.toLowerCase());

/** One row per gene of every intersection (a gene is in exactly one exclusive intersection). */
interface IntersectionGeneRow {
  intersection: string;
  sets: string;
  size: number;
  geneId: number;
  symbol: string;
}

export const INTERSECTION_COLUMNS: CsvColumn<IntersectionGeneRow>[] = [
  { header: "Intersection", value: (r) => r.intersection },
  { header: "Set Indices", value: (r) => r.sets },
  { header: "Intersection Size", value: (r) => r.size },
  { header: "Gene ID", value: (r) => r.geneId },
  { header: "Gene Symbol", value: (r) => r.symbol },
];

class InputError extends Error {}

/** The body's sets as GraphQL input; kinds in any case. */
function setsOf(body: unknown): { kind: string; value: string; consensusOnly: boolean }[] {
  const sets = typeof body === "object" && body !== null ? (body as { sets?: unknown }).sets : undefined;
  if (!Array.isArray(sets))
    throw new InputError("sets is required: an array of { kind, value, consensusOnly }");
  if (sets.length < MIN_COMPARED_SETS || sets.length > MAX_COMPARED_SETS)
    throw new InputError(`Compare ${MIN_COMPARED_SETS} to ${MAX_COMPARED_SETS} sets: ${sets.length} given`);
  return sets.map((set, i) => {
    const { kind, value, consensusOnly } = (set ?? {}) as Record<string, unknown>;
    if (typeof kind !== "string" || !KINDS.includes(kind.toLowerCase()))
      throw new InputError(`sets[${i}].kind must be one of: ${KINDS.join(", ")}`);
    const text = Array.isArray(value) ? value.map(String).join("\n") : value;
    if (typeof text !== "string" && typeof text !== "number")
      throw new InputError(`sets[${i}].value must be a string`);
    if (consensusOnly !== undefined && typeof consensusOnly !== "boolean")
      throw new InputError(`sets[${i}].consensusOnly must be true or false`);
    return { kind: kind.toUpperCase(), value: String(text), consensusOnly: consensusOnly === true };
  });
}

export function registerCompareRoutes(
  app: FastifyInstance,
  run: RunOperation,
  datasetVersion: () => string | null,
): void {
  app.post("/api/compare", { bodyLimit: ANALYZE_BODY_LIMIT }, async (request, reply) => {
    let sets: ReturnType<typeof setsOf>;
    try {
      sets = setsOf(request.body);
    } catch (error) {
      if (error instanceof InputError) return sendError(reply, 400, error.message);
      throw error;
    }
    const outcome = await run(COMPARE_OPERATION, { sets }, request);
    if (!outcome.ok) return sendError(reply, outcome.status, outcome.message);
    const result = outcome.data.compareSets as GraphQLData;
    const query = request.query as Record<string, unknown>;
    const csv =
      String(query.format ?? "").toLowerCase() === "csv" ||
      /\btext\/csv\b/i.test(String(request.headers.accept ?? ""));
    if (!csv)
      return reply.send(
        envelope(
          result,
          `${result.sets.length} sets, ${result.unionSize} genes, ${result.intersections.length} non-empty intersections`,
        ),
      );
    const labels = (result.sets as GraphQLData[]).map((s) => String(s.label));
    const rows = (result.intersections as GraphQLData[]).flatMap((x) =>
      (x.geneIds as number[]).map((geneId, i) => ({
        intersection: (x.sets as number[]).map((s) => labels[s]).join(" ∩ "),
        sets: (x.sets as number[]).join(";"),
        size: Number(x.exclusiveSize),
        geneId,
        symbol: String(x.symbols[i]),
      })),
    );
    return sendCsv(
      reply,
      csvFileName(
        ["compare", ...(result.sets as GraphQLData[]).map((s) => s.resolvedId ?? "list")],
        datasetVersion() ?? "unknown",
      ),
      INTERSECTION_COLUMNS,
      rows,
    );
  });
}

const errorRef = (description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

const COMPARE_SUMMARY = `Compare ${MIN_COMPARED_SETS} to ${MAX_COMPARED_SETS} gene sets (diseases, ICD-11 chapters, compartments, brain regions, studies, pasted gene lists): set sizes and every non-empty exclusive intersection. Runs the GraphQL query compareSets. JSON envelope, or with Accept: text/csv or ?format=csv one CSV row per gene of every intersection.`;

export const compareOpenApiPaths = (graphqlSchema: GraphQLSchema): OpenAPIV3.PathsObject => {
  const headers = INTERSECTION_COLUMNS.map((c) => c.header);
  const csv = csvResponse(headers, "One row per gene of every intersection.").content!["text/csv"]!;
  return {
    "/api/compare": {
      post: {
        operationId: "postApiCompare",
        summary: COMPARE_SUMMARY,
        tags: ["Analysis"],
        parameters: [
          {
            name: "format",
            in: "query",
            description: "csv for a CSV file instead of the JSON envelope.",
            schema: { type: "string", enum: ["json", "csv"], default: "json" },
          },
        ],
        requestBody: {
          required: true,
          description: `JSON (at most ${ANALYZE_BODY_LIMIT / 1024} KiB).`,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["sets"],
                properties: {
                  sets: {
                    type: "array",
                    minItems: MIN_COMPARED_SETS,
                    maxItems: MAX_COMPARED_SETS,
                    items: {
                      type: "object",
                      required: ["kind", "value"],
                      properties: {
                        kind: { type: "string", enum: KINDS },
                        value: {
                          description:
                            "disease: HDOID or exact label; icd11_chapter: number (08) or title; compartment: name; brain_region: id or name; study: PMID; gene_list: identifiers (a text or an array).",
                          oneOf: [{ type: "string" }, { type: "array", items: { type: "string" } }],
                        },
                        consensusOnly: { type: "boolean", default: false },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "Success envelope (data: the compareSets result), or a CSV file.",
            content: {
              "application/json": {
                schema: successSchema({
                  data: walkOperation(graphqlSchema, COMPARE_OPERATION).at("compareSets").item(),
                }),
              },
              "text/csv": csv,
            },
          },
          "400": errorRef(
            "Fewer than two sets or more than six, an unknown kind, an empty value or an empty gene list.",
          ),
          "404": errorRef("A disease, chapter, compartment, region or study that does not exist."),
          "413": errorRef("The body exceeds the limit."),
          "500": errorRef("'An error occurred' (no internals are disclosed)."),
          "503": errorRef(
            "The database is unreachable or the dataset is being loaded; retry after Retry-After seconds.",
          ),
        },
      },
    },
  };
};
