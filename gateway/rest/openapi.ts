import type { GraphQLSchema } from "graphql";
import type { OpenAPIV3 } from "openapi-types";
import { columnsMarkdown, documentedColumns } from "../csv/column-docs";
import { LIVE_PATHS } from "../http/caching";
import { type JsonSchema, object, type Shape, str, walkOperation } from "./response-schema";
import type { ParamSpec, ResponseSchema, RestRoute } from "./route-table";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` }) as unknown as JsonSchema;

/** The error envelope of every 4xx/5xx answer. */
const envelopeError: JsonSchema = object({ success: { type: "boolean", enum: [false] }, message: str });

/** `{ success: true, message, data, ...extra }` of one answer shape of a JSON route. */
export function envelopeSchema(shape: ResponseSchema): JsonSchema {
  return object({
    success: { type: "boolean", enum: [true] },
    message: str,
    data: shape.data,
    ...shape.extra,
  });
}

/** The success schema of a JSON route: its envelope, or any of them when it answers in several shapes. */
export function successSchema(shapes: ResponseSchema | ResponseSchema[]): JsonSchema {
  const list = Array.isArray(shapes) ? shapes : [shapes];
  return list.length === 1 ? envelopeSchema(list[0]!) : { anyOf: list.map(envelopeSchema) };
}

function paramSchema(spec: ParamSpec): OpenAPIV3.SchemaObject {
  const schema: OpenAPIV3.SchemaObject = { type: spec.type };
  if (spec.enum) schema.enum = [...spec.enum];
  if (spec.pattern) schema.pattern = spec.pattern;
  if (spec.min !== undefined) schema.minimum = spec.min;
  if (spec.max !== undefined) schema.maximum = spec.max;
  if (spec.default !== undefined) schema.default = spec.default;
  return schema;
}

const errorResponse = (description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});

/** A CSV answer: a short description, the header row as example and its columns (meaning, unit) in x-csv-columns. */
export function csvResponse(headers: readonly string[], what: string): OpenAPIV3.ResponseObject {
  return {
    description: `${what} Its header row is stable: see the path's description.`,
    content: {
      "text/csv": {
        schema: { type: "string", example: `${headers.join(",")}\n` },
        "x-csv-columns": documentedColumns(headers),
      } as OpenAPIV3.MediaTypeObject,
    },
  };
}

/** The description of a CSV path: its summary and a Markdown table of its columns. */
export function csvDescription(
  summary: string,
  tables: [title: string, headers: readonly string[]][],
): string {
  return [summary, ...tables.map(([title, headers]) => `${title}\n\n${columnsMarkdown(headers)}`)].join(
    "\n\n",
  );
}

const statusNotes = {
  "304": { description: "Not modified: If-None-Match matched the ETag (code version, release and URL)." },
  "400": "A parameter is missing or invalid, or the URL is malformed.",
  "414": "The query string or a path parameter is too long.",
  "500": "'An error occurred' (no internals are disclosed).",
  "503": "The database is unreachable or the dataset is being loaded; retry after Retry-After seconds.",
};

/** Every status a route can answer, with its schema. */
export function routeResponses(
  route: RestRoute,
  shapeOf: (operation: string) => Shape,
): OpenAPIV3.ResponsesObject {
  const cacheable = route.method === "GET" && !LIVE_PATHS.some((p) => p.test(route.path));
  const responses: OpenAPIV3.ResponsesObject = {
    "200":
      route.response === "csv"
        ? csvResponse(
            route.columns.map((c) => c.header),
            "A CSV file (Content-Disposition names it, with the dataset version).",
          )
        : {
            description: "Success envelope.",
            content: {
              "application/json": { schema: successSchema(route.schema(shapeOf(route.operation))) },
            },
          },
  };
  if (cacheable) responses["304"] = statusNotes["304"];
  responses["400"] = errorResponse(statusNotes["400"]);
  if (route.notFound ?? route.operationNotFound)
    responses["404"] = errorResponse(`${route.notFound?.message ?? route.operationNotFound}.`);
  else if (route.params.some((p) => p.in === "path")) responses["404"] = errorResponse("Not found.");
  if (route.method === "POST") {
    responses["413"] = errorResponse("The body exceeds 64 KiB.");
    // The limiter's answer goes through the one error handler: the same envelope as every error.
    responses["429"] = errorResponse("Too many writes from this client: at most 120 per minute.");
  } else responses["414"] = errorResponse(statusNotes["414"]);
  responses["500"] = errorResponse(statusNotes["500"]);
  responses["503"] = errorResponse(statusNotes["503"]);
  return responses;
}

/** The catalogue's categories (OpenAPI tags), in display order, with what each groups. */
export const CATEGORY_DESCRIPTIONS: Record<string, string> = {
  Search: "Search genes, diseases and publications, their catalogues, detail tabs and autocomplete.",
  Statistics: "Visits, API call counters and the synaptopathy history series.",
  "Data (CSV)": "Whole tables and junction tables of the database as CSV files.",
  "Relationship (CSV)": "Gene–disease, gene–paper and other relationships as CSV files.",
  Protein: "Proteins by synaptic compartment and brain region, and protein-name lookup.",
  "Disease Classification": "Diseases grouped by ICD-11 chapter.",
  Filter: "Filter the genes, mutations and papers of a disease or publication search.",
  "Additional CSV Exports": "CSV downloads of search results, catalogues and detail tabs.",
};

/** OpenAPI 3 document of the REST facade, generated from the same route table the gateway serves. */
export function openApiDocument(
  routes: RestRoute[],
  info: { version: string; datasetVersion: string | null },
  graphqlSchema: GraphQLSchema,
): OpenAPIV3.Document {
  const shapes = new Map<string, Shape>();
  const shapeOf = (operation: string) => {
    let shape = shapes.get(operation);
    if (!shape) {
      shape = walkOperation(graphqlSchema, operation);
      shapes.set(operation, shape);
    }
    return shape;
  };
  const paths: OpenAPIV3.PathsObject = {};
  for (const route of routes) {
    const path = route.path.replace(/:(\w+)/g, "{$1}");
    const parameters: OpenAPIV3.ParameterObject[] = route.params
      .filter((p) => p.in !== "body")
      .map((p) => ({
        name: p.name,
        in: p.in,
        required: p.in === "path" ? true : Boolean(p.required),
        description: p.description,
        schema: paramSchema(p),
      }));
    const bodyParams = route.params.filter((p) => p.in === "body");
    const operation: OpenAPIV3.OperationObject = {
      operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      summary: route.summary,
      ...(route.response === "csv"
        ? {
            description: csvDescription(route.summary, [
              ["Columns of the CSV file (the header row is stable):", route.columns.map((c) => c.header)],
            ]),
          }
        : {}),
      tags: [route.category],
      parameters,
      responses: routeResponses(route, shapeOf),
    };
    if (bodyParams.length > 0) {
      operation.requestBody = {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: bodyParams.filter((p) => p.required).map((p) => p.name),
              properties: Object.fromEntries(
                bodyParams.map((p) => [p.name, { ...paramSchema(p), description: p.description }]),
              ),
              additionalProperties: false,
            },
          },
        },
      };
    }
    paths[path] = { ...(paths[path] ?? {}), [route.method.toLowerCase()]: operation };
  }
  const order = Object.keys(CATEGORY_DESCRIPTIONS);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const tags = [...new Set(routes.map((r) => r.category))]
    .sort((a, b) => rank(a) - rank(b))
    .map((name) =>
      CATEGORY_DESCRIPTIONS[name] ? { name, description: CATEGORY_DESCRIPTIONS[name] } : { name },
    );
  return {
    openapi: "3.0.3",
    info: {
      title: "Synapse proteomics and synaptopathy portal — REST API",
      version: info.version,
      description: `Read-only REST facade over the portal's GraphQL API (POST/GET /graphql). Every path runs a named GraphQL operation; the schema of each answer's data is derived from that operation's GraphQL types. JSON answers are { success: true, message, data, ... }, errors { success: false, message }; CSV answers keep their header row (documented per path). Dataset release: ${info.datasetVersion ?? "not loaded"}.`,
    },
    servers: [{ url: "/" }],
    tags,
    paths,
    components: {
      schemas: {
        Error: envelopeError,
      },
    },
  };
}
