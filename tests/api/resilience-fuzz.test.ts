import "reflect-metadata";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  buildSchema,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isLeafType,
  isListType,
  isNonNullType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../bench/lib/seeded-random.mjs";
import type { ParamSpec } from "../../gateway/rest/route-table";
import { restRoutes } from "../../gateway/rest/routes/index";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

/**
 * Fuzzing every REST parameter (path, query and body, from the route table) and every argument of every
 * GraphQL Query and Mutation field (from the checked-in SDL) with malformed, oversized, unicode,
 * control-character and injection-style values: never a 5xx, and every 4xx in the documented envelope.
 * The generator is seeded (FUZZ_SEED), so a failure names the seed and the request that reproduce it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REST_CASES = Number(process.env.FUZZ_REST_CASES ?? 700);
const GRAPHQL_CASES = Number(process.env.FUZZ_GRAPHQL_CASES ?? 300);
const CONCURRENCY = 12;

const NASTY = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e309",
  "99999999999999999999999",
  "-9223372036854775809",
  "NaN",
  "Infinity",
  "true",
  "null",
  "undefined",
  "[]",
  "{}",
  "' OR '1'='1",
  "1; DROP TABLE gene; --",
  '" OR ""="',
  "%",
  "%%",
  "_",
  "\\",
  "\\'",
  "!",
  "' UNION SELECT * FROM visit --",
  "../../../../etc/passwd",
  "..%2F..%2F",
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  "${7*7}",
  "{{7*7}}",
  "=CMD|' /C calc'!A0",
  "DOID:",
  "DOID:0060041' --",
  "MGI:",
  "GO:0000000",
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0003\u001f\u007f",
  "\r\n\r\nX-Injected: 1",
  "\t\n",
  "\u202eevil\u202c",
  "\ud83e\udde0\ud83e\uddec",
  "Z\u0351\u0363\u036b",
  "\ufeff",
  "\uffff",
  "ÄÖÜ ß ø ñ 中文 العربية",
  "DLG4",
  "dlg",
  "synaptic",
];

function fuzzValue(random: () => number): string {
  const r = random();
  if (r < 0.55) return NASTY[Math.floor(random() * NASTY.length)]!;
  if (r < 0.65) return "x".repeat(Math.floor(random() * 700));
  if (r < 0.7) return "é".repeat(1000); // over the query-string limit once encoded (414), under Node's header limit
  if (r < 0.85) return String(Math.floor((random() - 0.5) * 2 ** (Math.floor(random() * 64) - 1)));
  // Random code points, surrogate halves included.
  return Array.from({ length: 1 + Math.floor(random() * 40) }, () =>
    String.fromCharCode(Math.floor(random() * 0xffff)),
  ).join("");
}

/** A wrong-typed JSON value for body parameters and GraphQL variables. */
function fuzzJson(random: () => number): unknown {
  const r = random();
  if (r < 0.6) return fuzzValue(random);
  if (r < 0.7) return null;
  if (r < 0.78) return Math.floor((random() - 0.5) * 1e12);
  if (r < 0.84) return random() < 0.5;
  if (r < 0.9) return [fuzzValue(random), fuzzValue(random)];
  if (r < 0.95) return { $gt: "", nested: { a: fuzzValue(random) } };
  return 1.5;
}

/** Routes with parameters to fuzz (the bulk table exports take none: nothing to fuzz, whole tables to send). */
const fuzzedRoutes = restRoutes.filter((r) => r.params.length > 0);

/** Lone surrogate halves replaced (as a browser would), so the value can be percent-encoded. */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

function restRequest(random: () => number): { method: string; url: string; body?: string; label: string } {
  const route = fuzzedRoutes[Math.floor(random() * fuzzedRoutes.length)]!;
  const pick = (spec: ParamSpec) =>
    random() < 0.7 ? fuzzValue(random) : spec.default !== undefined ? String(spec.default) : "1";
  let pathPart = route.path;
  for (const spec of route.params.filter((p) => p.in === "path"))
    pathPart = pathPart.replace(
      `:${spec.name}`,
      random() < 0.05 ? "%E0%A4%A%zz" : encodeURIComponent(wellFormed(pick(spec))) || "%20",
    );
  const query = new URLSearchParams();
  for (const spec of route.params.filter((p) => p.in === "query"))
    if (random() < 0.75) query.append(spec.name, pick(spec));
  if (random() < 0.1) query.append("unknown", fuzzValue(random)); // an undocumented parameter
  if (random() < 0.05 && route.params.length > 0) query.append(route.params[0]!.name, "second"); // repeated
  const qs = query.toString();
  const url = pathPart + (qs ? `?${qs}` : "");
  if (route.method === "POST") {
    const body: Record<string, unknown> = {};
    for (const spec of route.params.filter((p) => p.in === "body"))
      if (random() < 0.8) body[spec.name] = fuzzJson(random);
    const raw = random() < 0.1 ? "{not json" : JSON.stringify(body);
    return { method: "POST", url, body: raw, label: `${route.method} ${route.path}` };
  }
  return { method: "GET", url, label: `${route.method} ${route.path}` };
}

const schema = buildSchema(readFileSync(path.resolve(__dirname, "../../schema/schema.graphql"), "utf8"));

function typeString(type: GraphQLInputType): string {
  return String(type);
}

/** A variable value for an argument: usually the right kind, often malformed, sometimes the wrong type. */
function argumentValue(random: () => number, arg: GraphQLArgument): unknown {
  const named = getNamedType(arg.type);
  const r = random();
  if (r < 0.15) return fuzzJson(random);
  if (r < 0.2) return null;
  const scalar = (): unknown => {
    if (isEnumType(named)) return named.getValues()[Math.floor(random() * named.getValues().length)]!.value;
    switch (named.name) {
      case "Int":
        return [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 100, 101, 5000, 1742][Math.floor(random() * 9)];
      case "Float":
        return (random() - 0.5) * 1e6;
      case "Boolean":
        return random() < 0.5;
      default:
        return fuzzValue(random);
    }
  };
  const unwrapped = isNonNullType(arg.type) ? arg.type.ofType : arg.type;
  if (isListType(unwrapped)) return Array.from({ length: Math.floor(random() * 4) }, scalar);
  return scalar();
}

const rootFields = [
  ...Object.values(schema.getQueryType()!.getFields()).map((f) => ({ op: "query", field: f })),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((f) => ({ op: "mutation", field: f })),
] as { op: "query" | "mutation"; field: GraphQLField<unknown, unknown> }[];

/** Case i: each root field once in turn, so every field is hit whatever the seed; the arguments are random. */
function graphqlRequest(random: () => number, i: number) {
  const { op, field } = rootFields[i % rootFields.length]!;
  const args = field.args.filter((a) => isNonNullType(a.type) || random() < 0.7);
  const variables = Object.fromEntries(args.map((a) => [a.name, argumentValue(random, a)]));
  const declared = args.map((a) => `$${a.name}: ${typeString(a.type)}`).join(", ");
  const passed = args.map((a) => `${a.name}: $${a.name}`).join(", ");
  const selection = isLeafType(getNamedType(field.type)) ? "" : " { __typename }";
  const query = `${op} Fuzz${declared ? `(${declared})` : ""} { ${field.name}${passed ? `(${passed})` : ""}${selection} }`;
  return { query, variables, label: `${op} ${field.name}` };
}

async function pool<T>(items: T[], worker: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await worker(items[next++]!);
    }),
  );
}

describe.each(testDatabases)("fuzzing every parameter ($kind)", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await startPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it(`REST: ${REST_CASES} malformed requests over every route and parameter, no 5xx, 4xx in the envelope`, async () => {
    const random = seededRandom(SEED);
    const cases = Array.from({ length: REST_CASES }, () => restRequest(random));
    const failures: string[] = [];
    const routesHit = new Set<string>();
    await pool(cases, async (c) => {
      routesHit.add(c.label);
      const response = await fetch(api.baseUrl + c.url, {
        method: c.method,
        headers: c.body !== undefined ? { "content-type": "application/json" } : undefined,
        body: c.body,
      });
      const text = await response.text();
      const where = `seed ${SEED}: ${c.method} ${c.url.slice(0, 300)} -> ${response.status}`;
      if (response.status >= 500) failures.push(`${where} ${text.slice(0, 200)}`);
      else if (response.status >= 400) {
        let body: { success?: unknown; message?: unknown } | null = null;
        try {
          body = JSON.parse(text);
        } catch {}
        if (!(body?.success === false && typeof body.message === "string" && body.message.length > 0))
          failures.push(`${where}: not the error envelope: ${text.slice(0, 200)}`);
      }
    });
    expect(failures.slice(0, 20)).toEqual([]);
    // Every route of the table was exercised.
    expect(fuzzedRoutes.filter((r) => !routesHit.has(`${r.method} ${r.path}`)).map((r) => r.path)).toEqual(
      [],
    );
  }, 180_000);

  it(`GraphQL: ${GRAPHQL_CASES} malformed argument sets over every Query and Mutation field, no 5xx, no internal errors`, async () => {
    const random = seededRandom(SEED + 1);
    const cases = Array.from({ length: Math.max(GRAPHQL_CASES, rootFields.length) }, (_, i) =>
      graphqlRequest(random, i),
    );
    const failures: string[] = [];
    const fieldsHit = new Set<string>();
    await pool(cases, async (c) => {
      fieldsHit.add(c.label);
      const response = await fetch(`${api.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
        body: JSON.stringify({ query: c.query, variables: c.variables }),
      });
      const text = await response.text();
      const where = `seed ${SEED + 1}: ${c.label} ${JSON.stringify(c.variables).slice(0, 300)} -> ${response.status}`;
      if (response.status >= 500) {
        failures.push(`${where} ${text.slice(0, 200)}`);
        return;
      }
      let body: {
        errors?: { message?: unknown; extensions?: { code?: unknown } }[];
        success?: unknown;
      } | null = null;
      try {
        body = JSON.parse(text);
      } catch {
        failures.push(`${where}: not JSON: ${text.slice(0, 200)}`);
        return;
      }
      for (const error of body?.errors ?? []) {
        if (typeof error.message !== "string" || error.message.length === 0)
          failures.push(`${where}: error without message`);
        if (error.extensions?.code === "INTERNAL_SERVER_ERROR")
          failures.push(`${where}: internal error ${text.slice(0, 200)}`);
      }
      if (response.status >= 400 && !body?.errors && body?.success !== false)
        failures.push(`${where}: a ${response.status} without errors: ${text.slice(0, 200)}`);
    });
    expect(failures.slice(0, 20)).toEqual([]);
    expect(rootFields.map((f) => `${f.op} ${f.field.name}`).filter((f) => !fieldsHit.has(f))).toEqual([]);
  }, 180_000);
});
