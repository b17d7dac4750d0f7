import type { OpenAPIV3 } from "openapi-types";
import type { ParamSpec, RestRoute } from "./route-table";

const envelopeError: OpenAPIV3.SchemaObject = {
  type: "object",
  required: ["success", "message"],
  properties: { success: { type: "boolean", enum: [false] }, message: { type: "string" } },
};

const envelopeOk: OpenAPIV3.SchemaObject = {
  type: "object",
  required: ["success", "message", "data"],
  properties: {
    success: { type: "boolean", enum: [true] },
    message: { type: "string" },
    data: {},
    pagination: { $ref: "#/components/schemas/Pagination" } as unknown as OpenAPIV3.SchemaObject,
  },
  additionalProperties: true,
};

function paramSchema(spec: ParamSpec): OpenAPIV3.SchemaObject {
  const schema: OpenAPIV3.SchemaObject = { type: spec.type };
  if (spec.enum) schema.enum = [...spec.enum];
  if (spec.min !== undefined) schema.minimum = spec.min;
  if (spec.max !== undefined) schema.maximum = spec.max;
  if (spec.default !== undefined) schema.default = spec.default;
  return schema;
}

const errorResponse = (description: string): OpenAPIV3.ResponseObject => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

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
): OpenAPIV3.Document {
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
      tags: [route.category],
      parameters,
      responses: {
        "200":
          route.response === "csv"
            ? {
                description: "A CSV file (Content-Disposition names it, with the dataset version).",
                content: { "text/csv": { schema: { type: "string" } } },
              }
            : {
                description: "Success envelope.",
                content: { "application/json": { schema: { $ref: "#/components/schemas/Envelope" } } },
              },
        "400": errorResponse("A parameter is missing or invalid."),
        ...(route.notFound || route.params.some((p) => p.in === "path")
          ? { "404": errorResponse("Not found.") }
          : {}),
        "500": errorResponse("'An error occurred' (no internals are disclosed)."),
        "503": errorResponse(
          "The database is unreachable or the dataset is being loaded; retry after Retry-After seconds.",
        ),
      },
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
      description: `Read-only REST facade over the portal's GraphQL API (POST/GET /graphql). Every path runs a named GraphQL operation. Dataset release: ${info.datasetVersion ?? "not loaded"}.`,
    },
    servers: [{ url: "/" }],
    tags,
    paths,
    components: {
      schemas: {
        Error: envelopeError,
        Envelope: envelopeOk,
        Pagination: {
          type: "object",
          properties: {
            page: { type: "integer" },
            pageSize: { type: "integer" },
            total: { type: "integer" },
            totalPages: { type: "integer" },
          },
        },
      },
    },
  };
}
