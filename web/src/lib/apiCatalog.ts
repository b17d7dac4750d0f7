/**
 * The API documentation catalogue (spec 2 §2.12): endpoints read from the gateway's OpenAPI
 * document, their categories and counts, the text filter, and the request URL built from the
 * values a reader types. Pure rules, unit-tested.
 */

export const ALL_CATEGORY = "all";

/** Category list in display order; 'all' shows every endpoint. */
export const API_CATEGORIES: readonly { key: string; label: string }[] = [
  { key: ALL_CATEGORY, label: "All Endpoints" },
  { key: "Search", label: "Search" },
  { key: "Statistics", label: "Statistics" },
  { key: "Data (CSV)", label: "Data (CSV)" },
  { key: "Relationship (CSV)", label: "Relationship (CSV)" },
  { key: "Protein", label: "Protein" },
  { key: "Disease Classification", label: "Disease Classification" },
  { key: "Filter", label: "Filter" },
  { key: "Additional CSV Exports", label: "Additional CSV Exports" },
  // Beyond spec 2 §2.12: gene-list analysis and interaction networks.
  { key: "Analysis", label: "Analysis" },
  { key: "Data package", label: "Data package" },
];

/** Categories whose endpoints download a file: their button reads 'Download CSV'. */
export const CSV_CATEGORIES: ReadonlySet<string> = new Set([
  "Data (CSV)",
  "Relationship (CSV)",
  "Additional CSV Exports",
]);

export interface ApiParameter {
  name: string;
  in: "path" | "query" | "body";
  type: string;
  description: string;
  required: boolean;
  enum?: string[];
  default?: string;
}

/** A documented CSV column: header, meaning and unit (the document's x-csv-columns). */
export interface CsvColumnDoc {
  name: string;
  meaning: string;
  unit?: string;
}

export interface ApiEndpoint {
  /** method + path, unique. */
  id: string;
  method: string;
  /** Path as the OpenAPI document writes it, e.g. /api/gene/{id}/csv. */
  path: string;
  description: string;
  category: string;
  parameters: ApiParameter[];
  responses: { status: string; description: string }[];
  /** 'csv' when the success response is a CSV file. */
  /** file: another download than CSV (the data package's zip). */
  format: "json" | "csv" | "file";
  /** The CSV file's columns, by table when it has several (e.g. the analysis tables); empty for JSON. */
  csvTables: { table: string; columns: CsvColumnDoc[] }[];
}

interface OpenApiSchema {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: OpenApiSchema;
  }[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
  responses?: Record<
    string,
    {
      description?: string;
      content?: Record<
        string,
        { "x-csv-columns"?: CsvColumnDoc[]; "x-csv-tables"?: Record<string, CsvColumnDoc[]> } | undefined
      >;
    }
  >;
}

export interface OpenApiDocumentLike {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

const METHODS = ["get", "post", "put", "patch", "delete"];

function typeOf(schema: OpenApiSchema | undefined): string {
  return schema?.type ?? "string";
}

/** The catalogue's endpoints, in the document's order (the route table's order). */
export function endpointsFromOpenApi(doc: OpenApiDocumentLike): ApiEndpoint[] {
  const endpoints: ApiEndpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: ApiParameter[] = (op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in === "path" ? "path" : "query",
        type: typeOf(p.schema),
        description: p.description ?? "",
        required: p.in === "path" || Boolean(p.required),
        enum: p.schema?.enum?.map(String),
        default: p.schema?.default === undefined ? undefined : String(p.schema.default),
      }));
      const body = op.requestBody?.content?.["application/json"]?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        parameters.push({
          name,
          in: "body",
          type: typeOf(schema),
          description: schema.description ?? "",
          required: (body?.required ?? []).includes(name),
          enum: schema.enum?.map(String),
          default: schema.default === undefined ? undefined : String(schema.default),
        });
      }
      const responses = Object.entries(op.responses ?? {}).map(([status, r]) => ({
        status,
        description: r.description ?? "",
      }));
      const success = op.responses?.["200"]?.content ?? {};
      const csv = success["text/csv"];
      const csvTables = csv?.["x-csv-columns"]
        ? [{ table: "", columns: csv["x-csv-columns"] }]
        : Object.entries(csv?.["x-csv-tables"] ?? {}).map(([table, columns]) => ({ table, columns }));
      endpoints.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        description: op.summary ?? op.description ?? "",
        category: op.tags?.[0] ?? "Other",
        parameters,
        responses,
        format: "text/csv" in success ? "csv" : "application/json" in success ? "json" : "file",
        csvTables,
      });
    }
  }
  return endpoints;
}

/** Case-insensitive match of the text against path and description, and the category ('all' = any). */
export function filterEndpoints(endpoints: ApiEndpoint[], text: string, category: string): ApiEndpoint[] {
  const needle = text.trim().toLowerCase();
  return endpoints.filter(
    (e) =>
      (category === ALL_CATEGORY || e.category === category) &&
      (!needle || e.path.toLowerCase().includes(needle) || e.description.toLowerCase().includes(needle)),
  );
}

/** Endpoints per category, with 'all' counting every endpoint. */
export function categoryCounts(endpoints: ApiEndpoint[]): Map<string, number> {
  const counts = new Map<string, number>(API_CATEGORIES.map((c) => [c.key, 0]));
  counts.set(ALL_CATEGORY, endpoints.length);
  for (const e of endpoints) counts.set(e.category, (counts.get(e.category) ?? 0) + 1);
  return counts;
}

/** 'Showing N out of M endpoints', with the filter text when there is one. */
export function showingText(shown: number, total: number, text: string): string {
  const needle = text.trim();
  return `Showing ${shown} out of ${total} endpoints${needle ? ` matching "${needle}"` : ""}`;
}

/**
 * The button of a card: 'Download CSV' for the file categories (and any CSV response), 'Download file'
 * for another file (a zip), else 'Execute API'.
 */
export function actionLabel(
  endpoint: Pick<ApiEndpoint, "category" | "format">,
): "Download CSV" | "Download file" | "Execute API" {
  if (endpoint.format === "file") return "Download file";
  return CSV_CATEGORIES.has(endpoint.category) || endpoint.format === "csv" ? "Download CSV" : "Execute API";
}

/**
 * The request URL: each path parameter written :name or {name} is replaced by its trimmed,
 * URL-encoded value when that is non-empty; the other non-empty trimmed values become the query
 * string; empty values are left out. `skip` names values sent elsewhere (a POST body).
 */
export function buildRequestUrl(
  path: string,
  values: Record<string, string | undefined>,
  skip: ReadonlySet<string> = new Set(),
): string {
  const used = new Set<string>();
  const pathPart = path.replace(
    /:(\w+)|\{(\w+)\}/g,
    (whole, colon: string | undefined, brace: string | undefined) => {
      const name = (colon ?? brace)!;
      const value = values[name]?.trim();
      used.add(name);
      return value ? encodeURIComponent(value) : whole;
    },
  );
  const query = new URLSearchParams();
  for (const [name, raw] of Object.entries(values)) {
    const value = raw?.trim();
    if (!value || used.has(name) || skip.has(name)) continue;
    query.append(name, value);
  }
  const search = query.toString();
  return search ? `${pathPart}?${search}` : pathPart;
}

/** The JSON body of a POST: its non-empty trimmed body values (integers and booleans typed). */
export function buildRequestBody(
  parameters: ApiParameter[],
  values: Record<string, string | undefined>,
): Record<string, string | number | boolean> {
  const body: Record<string, string | number | boolean> = {};
  for (const p of parameters) {
    if (p.in !== "body") continue;
    const value = values[p.name]?.trim();
    if (!value) continue;
    if (p.type === "integer" && /^-?\d+$/.test(value)) body[p.name] = Number(value);
    else if (p.type === "boolean" && (value === "true" || value === "false")) body[p.name] = value === "true";
    else body[p.name] = value;
  }
  return body;
}
