/**
 * The request behind a table as code a researcher can paste: curl, Python (requests) and R (httr2).
 * The documented REST path when the table has one (GET, or POST with a JSON body), else the GraphQL
 * query as a POST to /graphql. Pure text rules: the API button shows exactly what the tests run.
 */

export interface SnippetRequest {
  method: "GET" | "POST";
  /** Absolute address without the query string. */
  url: string;
  /** Query parameters, in order. */
  params: [string, string][];
  /** JSON body of a POST. */
  body?: unknown;
  /** What the answer is: the REST envelope, a CSV file, or a GraphQL response. */
  answer: "envelope" | "csv" | "graphql";
}

export interface ApiCall {
  /** The site's origin, e.g. https://portal.example. */
  origin: string;
  /** The documented REST path with its query string, e.g. /api/disease/search?q=autism. */
  restUrl?: string;
  /** The REST path's JSON body when it is a POST (e.g. /api/analyze). */
  restBody?: unknown;
  /** The GraphQL query and variables, used when there is no REST path. */
  query: string;
  variables?: Record<string, unknown>;
}

/** The one request the snippets make. */
export function snippetRequest(call: ApiCall): SnippetRequest {
  if (!call.restUrl) {
    return {
      method: "POST",
      url: `${call.origin}/graphql`,
      params: [],
      body:
        call.variables && Object.keys(call.variables).length > 0
          ? { query: call.query, variables: call.variables }
          : { query: call.query },
      answer: "graphql",
    };
  }
  // The origin may be '' (a prerendered page, before the browser knows it): parse the path on its own.
  const address = new URL(call.restUrl, "http://origin.invalid");
  const params = [...address.searchParams.entries()];
  const csv = /\/csv$/.test(address.pathname) || address.searchParams.get("format") === "csv";
  return {
    method: call.restBody === undefined ? "GET" : "POST",
    url: `${call.origin}${address.pathname}`,
    params,
    body: call.restBody,
    answer: csv ? "csv" : "envelope",
  };
}

/** The address with its query string, as a browser would send it. */
export function fullUrl(request: SnippetRequest): string {
  const query = new URLSearchParams(request.params).toString();
  return query ? `${request.url}?${query}` : request.url;
}

/** A POSIX shell word in single quotes. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlSnippet(request: SnippetRequest): string {
  const lines = [`curl -sS ${shellQuote(fullUrl(request))}`];
  if (request.method === "POST") {
    lines.push(
      "-X POST",
      "-H 'Content-Type: application/json'",
      `--data-raw ${shellQuote(JSON.stringify(request.body))}`,
    );
  }
  return lines.join(" \\\n  ");
}

/** A Python literal of a JSON value. */
function python(value: unknown, indent = ""): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => `${inner}${python(v, inner)},`).join("\n")}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${python(v, inner)},`).join("\n")}\n${indent}}`;
}

export function pythonSnippet(request: SnippetRequest): string {
  const lines = ["import json", "", "import requests", ""];
  const args = [JSON.stringify(request.url)];
  if (request.params.length > 0) lines.push(`params = ${python(Object.fromEntries(request.params))}`);
  if (request.params.length > 0) args.push("params=params");
  if (request.method === "POST") {
    lines.push(`body = ${python(request.body)}`);
    args.push("json=body");
  }
  args.push("timeout=60");
  lines.push(
    `response = requests.${request.method.toLowerCase()}(${args.join(", ")})`,
    "response.raise_for_status()",
  );
  if (request.answer === "csv") lines.push('print(response.text, end="")');
  else lines.push('data = response.json()["data"]', "print(json.dumps(data, indent=2))");
  return `${lines.join("\n")}\n`;
}

/** An R (httr2/jsonlite) value of a JSON value: objects and arrays as lists, so a one-item array stays an array. */
function r(value: unknown, indent = ""): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "list()";
    return `list(\n${value.map((v) => `${inner}${r(v, inner)}`).join(",\n")}\n${indent})`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "setNames(list(), character(0))";
  const name = (key: string) => (/^[A-Za-z][A-Za-z0-9._]*$/.test(key) ? key : `\`${key}\``);
  return `list(\n${entries.map(([k, v]) => `${inner}${name(k)} = ${r(v, inner)}`).join(",\n")}\n${indent})`;
}

export function rSnippet(request: SnippetRequest): string {
  const steps = [`request(${JSON.stringify(request.url)})`];
  if (request.params.length > 0) {
    const name = (key: string) => (/^[A-Za-z][A-Za-z0-9._]*$/.test(key) ? key : `\`${key}\``);
    steps.push(
      `req_url_query(${request.params.map(([k, v]) => `${name(k)} = ${JSON.stringify(v)}`).join(", ")})`,
    );
  }
  if (request.method === "POST") steps.push(`req_body_json(${r(request.body, "  ")})`);
  steps.push("req_perform()");
  const lines = ["library(httr2)", "", `response <- ${steps.join(" |>\n  ")}`];
  if (request.answer === "csv") {
    lines.push("data <- read.csv(text = resp_body_string(response))", "head(data)");
  } else {
    lines.push("data <- resp_body_json(response)$data", "str(data)");
  }
  return `${lines.join("\n")}\n`;
}

export type SnippetLanguage = "curl" | "python" | "r";

export const SNIPPET_LANGUAGES: readonly { key: SnippetLanguage; label: string }[] = [
  { key: "curl", label: "curl" },
  { key: "python", label: "Python (requests)" },
  { key: "r", label: "R (httr2)" },
];

/** Every snippet of one call. */
export function snippets(call: ApiCall): Record<SnippetLanguage, string> {
  const request = snippetRequest(call);
  return { curl: curlSnippet(request), python: pythonSnippet(request), r: rSnippet(request) };
}
