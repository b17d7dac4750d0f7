import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { validate } from "@readme/openapi-parser";
import Ajv, { type ValidateFunction } from "ajv";
import { parse as parseCsv } from "csv-parse/sync";
import openapiTS, { astToString } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportRoutes } from "../../gateway/rest/routes/export.routes";
import { restRoutes } from "../../gateway/rest/routes/index";
import type { ResourceStats } from "../../gateway/services/data-package-stats";
import { exportDefinitions } from "../../gateway/services/export.service";
import { testDatabases } from "./databases";
import { toJsonSchema } from "./openapi-json-schema";
import { forgetFileMeasurement, type RunningPortal, startPortal } from "./portal";

/**
 * The typed contract: every path of /api/openapi.json is called with valid, empty-result and invalid
 * parameters, and every answer (status, JSON body, CSV header row) must be what the document says.
 * The CSV header rows are pinned in openapi-csv-headers.json: `npx vitest run tests/api/openapi.test.ts -u`
 * rewrites that file after a deliberate change of a header.
 */

interface Call {
  url: string;
  status: number;
  method?: "GET" | "POST";
  body?: unknown;
  headers?: Record<string, string>;
  /** For an empty-result call: the key of data holding the empty list (default: data itself). */
  emptyAt?: string;
}
/** A route's cases; a reason instead of cases where a kind cannot exist (e.g. a path without parameters). */
interface Cases {
  valid: Call[];
  empty: Call[] | string;
  invalid: Call[] | string;
}

const ok = (url: string, more: Partial<Call> = {}): Call => ({ url, status: 200, ...more });
const bad = (url: string, more: Partial<Call> = {}): Call => ({ url, status: 400, ...more });
const missing = (url: string): Call => ({ url, status: 404 });
const NO_PARAMETERS = "the path takes no parameters";

const GENE = 1; // DLG4
const ASD = "DOID:0060041";
const HUSI = 10862698; // a postsynaptic proteome
const COE = 30559488; // a mutation study
const NONE = "zzzzqqq";
const BARE_GENE = 2151; // C6orf136: studies only (no diseases, mutations, OMIM, GO or SynGO rows)
const MUTATION_STUDY = 99200001; // a mutation study: no gene rows
const NO_MUTATIONS = "DOID:0014667"; // a disease without mutations
const BARE_REGION = 5; // Telencephalon: no samples

/** Cases per documented operation ("METHOD /path/{param}"). */
const CASES: Record<string, Cases> = {
  "GET /api/gene/search": {
    valid: [ok("/api/gene/search?q=DLG4"), ok(`/api/gene/search?pmid=${HUSI}&genesPageSize=5`)],
    empty: [ok(`/api/gene/search?q=${NONE}`)],
    invalid: [
      bad("/api/gene/search?q=DLG4&page=0"),
      missing("/api/gene/search?pmid=123"),
      { url: `/api/gene/search?q=${"a".repeat(5000)}`, status: 414 },
    ],
  },
  "GET /api/gene/{id}/tab/{tab}": {
    valid: ["papers", "diseases", "mutations", "omim", "syngo", "syngoportal"].map((t) =>
      ok(`/api/gene/${GENE}/tab/${t}`),
    ),
    empty: ["diseases", "mutations", "omim", "syngo", "syngoportal"].map((t) =>
      ok(`/api/gene/${BARE_GENE}/tab/${t}`),
    ),
    invalid: [
      bad(`/api/gene/${GENE}/tab/bogus`),
      bad("/api/gene/abc/tab/papers"),
      missing("/api/gene/999999/tab/papers"),
    ],
  },
  "GET /api/gene/{id}/papers": {
    valid: [ok(`/api/gene/${GENE}/papers`)],
    empty: "every gene is reported by at least one study",
    invalid: [bad("/api/gene/abc/papers"), missing("/api/gene/999999/papers")],
  },
  "GET /api/consensus/genes": {
    valid: [
      ok("/api/consensus/genes"),
      { url: "/api/consensus/genes", status: 304, headers: { "if-none-match": "ETAG" } },
    ],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/gene/search/csv": {
    valid: [ok("/api/gene/search/csv?q=kinase")],
    empty: [ok(`/api/gene/search/csv?q=${NONE}`)],
    invalid: [bad("/api/gene/search/csv")],
  },
  "GET /api/gene/{id}/csv": {
    valid: [ok(`/api/gene/${GENE}/csv`)],
    empty: "the gene card is one row",
    invalid: [bad("/api/gene/abc/csv"), missing("/api/gene/999999/csv")],
  },
  ...Object.fromEntries(
    ["allpapers", "alldiseases", "allmutations", "allomimentries", "allsyngo", "allsyngoportal"].map(
      (sub) => [
        `GET /api/gene/{id}/${sub}/csv`,
        {
          valid: [ok(`/api/gene/${GENE}/${sub}/csv`)],
          empty:
            sub === "allpapers"
              ? "every gene is reported by at least one study"
              : [ok(`/api/gene/${BARE_GENE}/${sub}/csv`)],
          invalid: [bad(`/api/gene/0/${sub}/csv`), missing(`/api/gene/999999/${sub}/csv`)],
        },
      ],
    ),
  ),
  "POST /api/stats/record-visit": {
    valid: [
      ok("/api/stats/record-visit", { method: "POST", body: { path: "/", visitorId: "openapi-test" } }),
      ok("/api/stats/record-visit", {
        method: "POST",
        body: { path: "/", visitorId: "openapi-test", visitId: "6f1c2b4e-3a5d-4c7e-9f80-1b2c3d4e5f60" },
      }),
    ],
    empty: "a write answers no rows",
    invalid: [
      bad("/api/stats/record-visit", { method: "POST", body: { path: "/" } }),
      bad("/api/stats/record-visit", {
        method: "POST",
        body: { path: "/", visitorId: "openapi-test", visitId: "not-a-uuid" },
      }),
      {
        url: "/api/stats/record-visit",
        method: "POST",
        body: { path: "/", visitorId: "x".repeat(70_000) },
        status: 413,
      },
    ],
  },
  "GET /api/stats/visits": { valid: [ok("/api/stats/visits")], empty: NO_PARAMETERS, invalid: NO_PARAMETERS },
  "GET /api/stats/counter": {
    valid: [ok("/api/stats/counter")],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/stats/accumulated-diseases": {
    valid: [ok("/api/stats/accumulated-diseases")],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/stats/new-diseases": {
    valid: [ok("/api/stats/new-diseases")],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/stats/accumulated-gene-localizations": {
    valid: [ok("/api/stats/accumulated-gene-localizations")],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/proteins/compartments": {
    valid: [ok("/api/proteins/compartments")],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/proteins/compartment/{compartment}": {
    valid: [ok("/api/proteins/compartment/Postsynaptic"), ok("/api/proteins/compartment/synaptic_vesicle")],
    empty: "every compartment of the release has proteins",
    invalid: [bad("/api/proteins/compartment/Dendrite")],
  },
  "GET /api/proteins/compartment/{compartment}/csv": {
    valid: [ok("/api/proteins/compartment/Presynaptic/csv")],
    empty: "every compartment of the release has proteins",
    invalid: [bad("/api/proteins/compartment/Dendrite/csv")],
  },
  "GET /api/proteins/brain-regions": {
    valid: [ok("/api/proteins/brain-regions?top_limit=3")],
    empty: "the distribution always lists every region",
    invalid: [bad("/api/proteins/brain-regions?top_limit=0")],
  },
  "GET /api/proteins/brain-regions/csv": {
    valid: [ok("/api/proteins/brain-regions/csv?region_id=3&compartment=Postsynaptic")],
    empty: [ok(`/api/proteins/brain-regions/csv?region_id=${BARE_REGION}`)],
    invalid: [
      bad("/api/proteins/brain-regions/csv?compartment=Axon"),
      missing("/api/proteins/brain-regions/csv?region_id=99"),
    ],
  },
  "GET /api/proteins/brain-regions/{region_id}/{localization}/csv": {
    valid: [ok("/api/proteins/brain-regions/3/All/csv"), ok("/api/proteins/brain-regions/1/synaptosome/csv")],
    empty: [ok(`/api/proteins/brain-regions/${BARE_REGION}/Postsynaptic/csv`)],
    invalid: [
      bad("/api/proteins/brain-regions/7/Dendrite/csv"),
      bad("/api/proteins/brain-regions/abc/All/csv"),
      missing("/api/proteins/brain-regions/99/All/csv"),
    ],
  },
  "GET /api/disease-classifications": {
    valid: [ok("/api/disease-classifications")],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/disease-classifications/chapter/{chapter}": {
    valid: [ok("/api/disease-classifications/chapter/08")],
    empty: [ok("/api/disease-classifications/chapter/17", { emptyAt: "diseases" })],
    invalid: [
      bad("/api/disease-classifications/chapter/X"),
      bad("/api/disease-classifications/chapter/8"),
      missing("/api/disease-classifications/chapter/99"),
    ],
  },
  "GET /api/disease-classifications/chapter/{chapter}/csv": {
    valid: [ok("/api/disease-classifications/chapter/08/csv")],
    empty: [ok("/api/disease-classifications/chapter/17/csv")],
    invalid: [
      bad("/api/disease-classifications/chapter/008/csv"),
      missing("/api/disease-classifications/chapter/99/csv"),
    ],
  },
  "GET /api/autocomplete": {
    valid: [
      ok("/api/autocomplete?q=DLG"),
      ok("/api/autocomplete?q=epilepsy&type=disease"),
      ok("/api/autocomplete?q=D"),
    ],
    empty: [ok(`/api/autocomplete?q=${NONE}`)],
    invalid: [bad("/api/autocomplete?q=DLG4&type=protein"), bad("/api/autocomplete?q=DLG4&limit=0")],
  },
  "GET /api/protein/lookup": {
    valid: [ok("/api/protein/lookup?name=PSD-95")],
    empty: [ok(`/api/protein/lookup?name=${NONE}`)],
    invalid: [bad("/api/protein/lookup")],
  },
  ...Object.fromEntries(
    exportRoutes.map((route) => [
      `GET ${route.path}`,
      { valid: [ok(route.path)], empty: NO_PARAMETERS, invalid: NO_PARAMETERS },
    ]),
  ),
  "GET /api/disease/search": {
    valid: [ok("/api/disease/search?q=autism"), ok("/api/disease/search?q=epilepsy&pageSize=50")],
    empty: [missing(`/api/disease/search?q=${NONE}`)],
    invalid: [bad("/api/disease/search?q="), bad("/api/disease/search?q=autism&pageSize=101")],
  },
  "GET /api/disease/genes/filter": {
    valid: [ok(`/api/disease/genes/filter?hdoid=${ASD}&mode=consensus`)],
    empty: [ok(`/api/disease/genes/filter?hdoid=${ASD}&term=${NONE}`)],
    invalid: [
      bad(`/api/disease/genes/filter?hdoid=${ASD}&mode=some`),
      missing("/api/disease/genes/filter?hdoid=DOID:999999999"),
    ],
  },
  "GET /api/disease/mutations/filter": {
    valid: [ok(`/api/disease/mutations/filter?hdoid=${ASD}`)],
    empty: [ok(`/api/disease/mutations/filter?hdoid=${ASD}&term=${NONE}`)],
    invalid: [
      bad("/api/disease/mutations/filter?hdoid="),
      missing("/api/disease/mutations/filter?hdoid=DOID:999999999"),
    ],
  },
  "GET /api/disease/papers/filter": {
    valid: [ok(`/api/disease/papers/filter?hdoid=${ASD}`)],
    empty: [ok(`/api/disease/papers/filter?hdoid=${ASD}&term=${NONE}`)],
    invalid: [
      bad(`/api/disease/papers/filter?hdoid=${ASD}&page=x`),
      missing("/api/disease/papers/filter?hdoid=DOID:999999999"),
    ],
  },
  "GET /api/disease/search/csv": {
    valid: [ok("/api/disease/search/csv?q=epilepsy")],
    empty: [ok(`/api/disease/search/csv?q=${NONE}`)],
    invalid: [bad("/api/disease/search/csv")],
  },
  "GET /api/disease/{hdoid}/csv": {
    valid: [ok(`/api/disease/${ASD}/csv`)],
    empty: "the disease card is one row",
    invalid: [bad("/api/disease/%20/csv"), missing("/api/disease/DOID:999999999/csv")],
  },
  ...Object.fromEntries(
    ["allgenes", "allmutations", "allpapers"].map((sub) => [
      `GET /api/disease/{hdoid}/${sub}/csv`,
      {
        valid: [ok(`/api/disease/${ASD}/${sub}/csv`)],
        empty:
          sub === "allmutations"
            ? [ok(`/api/disease/${NO_MUTATIONS}/${sub}/csv`)]
            : "every disease of the release has genes and studies",
        invalid: [bad(`/api/disease/%20/${sub}/csv`), missing(`/api/disease/DOID:999999999/${sub}/csv`)],
      },
    ]),
  ),
  "GET /api/paper/search": {
    valid: [
      ok("/api/paper/search?q=2018"),
      ok("/api/paper/search?q=proteome&pageSize=50&genesPageSize=4&mutationsPageSize=4"),
    ],
    empty: [ok(`/api/paper/search?q=${NONE}`)],
    invalid: [
      bad("/api/paper/search?q="),
      bad("/api/paper/search?q=2018&geneDisplayMode=some"),
      bad("/api/paper/search?q=proteome&pageSize=50"),
    ],
  },
  "GET /api/paper/genes/filter": {
    valid: [ok(`/api/paper/genes/filter?pmid=${HUSI}&localization=Postsynaptic`)],
    empty: [ok(`/api/paper/genes/filter?pmid=${HUSI}&term=${NONE}`)],
    invalid: [
      bad(`/api/paper/genes/filter?pmid=${HUSI}&localization=Dendrite`),
      missing("/api/paper/genes/filter?pmid=123"),
    ],
  },
  "GET /api/paper/mutations/filter": {
    valid: [ok(`/api/paper/mutations/filter?pmid=${COE}`)],
    empty: [ok(`/api/paper/mutations/filter?pmid=${HUSI}`)],
    invalid: [
      bad(`/api/paper/mutations/filter?pmid=${COE}&mode=non-consensus`),
      missing("/api/paper/mutations/filter?pmid=123"),
    ],
  },
  "GET /api/paper/tab/{pmid}/{tab}": {
    valid: [
      ok(`/api/paper/tab/${HUSI}/genes`),
      ok(`/api/paper/tab/${COE}/mutations`),
      ok(`/api/paper/tab/${HUSI}/stats`),
    ],
    empty: [ok(`/api/paper/tab/${HUSI}/genes?term=${NONE}`), ok(`/api/paper/tab/${MUTATION_STUDY}/genes`)],
    invalid: [bad(`/api/paper/tab/${HUSI}/bogus`), missing("/api/paper/tab/123/genes")],
  },
  "GET /api/paper/search/csv": {
    valid: [ok("/api/paper/search/csv?q=2018")],
    empty: [ok(`/api/paper/search/csv?q=${NONE}`)],
    invalid: [bad("/api/paper/search/csv")],
  },
  "GET /api/paper/{pmid}/csv": {
    valid: [ok(`/api/paper/${HUSI}/csv`)],
    empty: "the study card is one row",
    invalid: [bad("/api/paper/abc/csv"), missing("/api/paper/123/csv")],
  },
  ...Object.fromEntries(
    ["allgenes", "allmutations"].map((sub) => [
      `GET /api/paper/{pmid}/${sub}/csv`,
      {
        valid: [ok(`/api/paper/${sub === "allgenes" ? HUSI : COE}/${sub}/csv`)],
        empty: [ok(`/api/paper/${sub === "allgenes" ? MUTATION_STUDY : HUSI}/${sub}/csv`)],
        invalid: [bad(`/api/paper/%20/${sub}/csv`), missing(`/api/paper/123/${sub}/csv`)],
      },
    ]),
  ),
  ...Object.fromEntries(
    (
      [
        ["gene", "HumanName", "minStudies=-1"],
        ["disease", "Description", "sortBy=Year"],
        ["paper", "PMID", "sortDir=sideways"],
      ] as const
    ).flatMap(([key, sortBy, invalid]) => [
      [
        `GET /api/${key}/table`,
        {
          valid: [
            ok(`/api/${key}/table?sortBy=${sortBy}&sortDir=desc&pageSize=5`),
            ok(`/api/${key}/table?consensusOnly=true`),
          ],
          empty: [ok(`/api/${key}/table?search=${NONE}`)],
          invalid: [bad(`/api/${key}/table?${invalid}`), bad(`/api/${key}/table?page=0`)],
        },
      ],
      [
        `GET /api/${key}/csv`,
        {
          valid: [
            ok(`/api/${key}/csv?sortBy=${sortBy.toLowerCase()}`),
            ok(`/api/${key}/csv?page=2&pageSize=5`),
          ],
          empty: [ok(`/api/${key}/csv?search=${NONE}`)],
          invalid: [bad(`/api/${key}/csv?${invalid}`)],
        },
      ],
    ]),
  ),
  "POST /api/analyze": {
    valid: [
      ok("/api/analyze", {
        method: "POST",
        body: { identifiers: ["DLG4", "SHANK3", "GRIN1", "SYP", "CAMK2A"] },
      }),
      ...["enrichment", "genes", "mapping"].map((table) =>
        ok(`/api/analyze?format=csv&table=${table}`, {
          method: "POST",
          body: { identifiers: "DLG4 SHANK3 GRIN1" },
        }),
      ),
    ],
    empty: [ok("/api/analyze", { method: "POST", body: { identifiers: [NONE] }, emptyAt: "mapped" })],
    invalid: [
      bad("/api/analyze", { method: "POST", body: {} }),
      bad("/api/analyze", { method: "POST", body: { identifiers: ["DLG4"], background: "galaxy" } }),
    ],
  },
  "POST /api/compare": {
    valid: [
      ok("/api/compare", {
        method: "POST",
        body: {
          sets: [
            { kind: "disease", value: ASD },
            { kind: "compartment", value: "Presynaptic", consensusOnly: true },
            { kind: "gene_list", value: ["DLG4", "SHANK3", NONE] },
          ],
        },
      }),
      ok("/api/compare?format=csv", {
        method: "POST",
        body: {
          sets: [
            { kind: "disease", value: ASD },
            { kind: "study", value: String(HUSI) },
          ],
        },
      }),
    ],
    empty: [
      ok("/api/compare", {
        method: "POST",
        body: {
          sets: [
            { kind: "gene_list", value: NONE },
            { kind: "gene_list", value: `${NONE}2` },
          ],
        },
        emptyAt: "intersections",
      }),
      ok("/api/compare?format=csv", {
        method: "POST",
        body: {
          sets: [
            { kind: "gene_list", value: NONE },
            { kind: "gene_list", value: `${NONE}2` },
          ],
        },
      }),
    ],
    invalid: [
      bad("/api/compare", { method: "POST", body: { sets: [{ kind: "disease", value: ASD }] } }),
      bad("/api/compare", {
        method: "POST",
        body: {
          sets: [
            { kind: "galaxy", value: "x" },
            { kind: "disease", value: ASD },
          ],
        },
      }),
      {
        url: "/api/compare",
        status: 404,
        method: "POST",
        body: {
          sets: [
            { kind: "disease", value: "DOID:999999999" },
            { kind: "disease", value: ASD },
          ],
        },
      },
    ],
  },
  "GET /api/network": {
    valid: [
      ok("/api/network?genes=DLG4,SHANK3,GRIN1&mode=limited"),
      ok("/api/network?compartment=Presynaptic"),
    ],
    empty: [ok(`/api/network?genes=${NONE}`, { emptyAt: "nodes" })],
    invalid: [bad("/api/network?genes=DLG4&mode=sideways"), bad("/api/network?geneIds=abc")],
  },
  "GET /api/network/csv": {
    valid: [ok("/api/network/csv?genes=DLG4,SHANK3")],
    empty: [ok(`/api/network/csv?genes=${NONE}`)],
    invalid: [bad("/api/network/csv?compartment=Nowhere")],
  },
  "GET /api/datapackage.json": {
    valid: [
      ok("/api/datapackage.json"),
      { url: "/api/datapackage.json", status: 304, headers: { "if-none-match": "ETAG" } },
    ],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/datapackage.zip": {
    valid: [ok("/api/datapackage.zip")],
    empty: NO_PARAMETERS,
    invalid: NO_PARAMETERS,
  },
  "GET /api/releases/{version}/datapackage.json": {
    valid: [ok("/api/releases/0.1.0/datapackage.json")],
    empty: "a release is served or not: there is no empty descriptor",
    invalid: [missing("/api/releases/9.9.9/datapackage.json")],
  },
  "GET /api/releases/{version}/datapackage.zip": {
    valid: [ok("/api/releases/0.1.0/datapackage.zip")],
    empty: "a release is served or not: there is no empty archive",
    invalid: [missing("/api/releases/9.9.9/datapackage.zip")],
  },
  "GET /api/network/graphml": {
    valid: [ok("/api/network/graphml?genes=DLG4,SHANK3")],
    empty: [ok(`/api/network/graphml?genes=${NONE}`)],
    invalid: [bad("/api/network/graphml?geneIds=abc")],
  },
};

// biome-ignore lint/suspicious/noExplicitAny: the served document is walked generically
type Json = any;

async function call(api: RunningPortal, c: Call): Promise<Response> {
  return fetch(api.baseUrl + c.url, {
    method: c.method ?? "GET",
    headers: {
      ...(c.body === undefined ? {} : { "content-type": "application/json" }),
      ...c.headers,
    },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
  });
}

/** The first line of a CSV answer (its header row), reading no further than needed. */
async function headerRow(response: Response): Promise<string[]> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return (parseCsv(text.split("\n")[0]!) as string[][])[0]!;
}

/** The header row of a CSV answer that must have no data rows. */
async function onlyHeaderRow(response: Response, where: string): Promise<string[]> {
  const lines = (await response.text()).split("\n").filter((line) => line !== "");
  expect(lines, `${where} has data rows`).toHaveLength(1);
  return (parseCsv(lines[0]!) as string[][])[0]!;
}

/**
 * The typed client of each distinct document, compiled once: both databases serve the same document
 * (same routes, same release), and tsc is seconds of CPU. A document that differs compiles on its own.
 */
const compiled = new Map<string, Promise<string>>();

const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const toOpenApiPath = (route: string) => route.replace(/:(\w+)/g, "{$1}");

describe.each(testDatabases)("OpenAPI contract on $kind", (db) => {
  let api: RunningPortal;
  let document: Json;
  const ajv = new Ajv({ allErrors: true, strict: true });
  const validators = new Map<Json, ValidateFunction>();
  const validatorOf = (schema: Json) => {
    let v = validators.get(schema);
    if (!v) {
      v = ajv.compile(toJsonSchema(schema, document));
      validators.set(schema, v);
    }
    return v;
  };
  /** Every CSV operation's header row as the server sends it. */
  const headers: Record<string, string[]> = {};

  /** The release's stored file measurement before this file stored its own (null: none). */
  let measurementBefore: Map<string, ResourceStats> | null = null;
  const releaseKey = () => api.portal.services.releases.key!;

  beforeAll(async () => {
    api = await startPortal(db);
    document = (await api.json("/api/openapi.json")).body;
    // A descriptor needs the release's file measurement; without a stored one its first request reads
    // every row of every bulk CSV (600,000), a minute of CPU on a slow host. This file checks the
    // descriptor's shape, so a stored one is enough (as in catalog-json-ld.test.ts); taking the
    // measurement is data-package.test.ts's subject (the archive's, stored and read by another
    // gateway), and the descriptor's own first measurement is tests/unit/data-package-stats.test.ts's.
    const stats = api.portal.services.dataPackageStats;
    measurementBefore = await stats.read(releaseKey());
    await stats.write(
      releaseKey(),
      new Map(exportDefinitions.map((d, i) => [d.name, { bytes: 1000 + i, hash: "0".repeat(64), rows: i }])),
    );
  });
  afterAll(async () => {
    // The next files of this worker find the measurement they would have found.
    if (api && measurementBefore)
      await api.portal.services.dataPackageStats.write(releaseKey(), measurementBefore);
    else if (api) await forgetFileMeasurement(api);
    await api?.close();
  });

  it("is a valid OpenAPI 3 document listing every REST route", async () => {
    expect(document.openapi).toBe("3.0.3");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
    for (const route of restRoutes) {
      const path = toOpenApiPath(route.path);
      expect(document.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    expect(document.info.description).toContain("0.1.0");
  });

  it("has cases for every documented operation, and for nothing else", () => {
    const operations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json).map((method) => operationKey(method, path)),
    );
    expect(Object.keys(CASES).sort()).toEqual(operations.sort());
    for (const [key, cases] of Object.entries(CASES)) {
      expect(cases.valid.length, key).toBeGreaterThan(0);
      for (const kind of ["empty", "invalid"] as const) {
        const c = cases[kind];
        expect(typeof c === "string" ? c.length : c.length, `${key} ${kind}`).toBeGreaterThan(0);
      }
    }
  });

  it("describes every field of every JSON answer, so a field the document lacks fails", () => {
    // Data schemas are field-level: objects list their properties and allow no others.
    const loose: string[] = [];
    const walk = (schema: Json, where: string) => {
      if (!schema || typeof schema !== "object") return;
      if (schema.type === "object" && schema.additionalProperties === undefined && !schema.enum)
        loose.push(where);
      if (schema.type === "object" && !schema.properties && !schema.additionalProperties && !schema.enum)
        loose.push(`${where} (no properties)`);
      for (const [k, v] of Object.entries(schema)) if (typeof v === "object") walk(v, `${where}.${k}`);
    };
    for (const [path, item] of Object.entries(document.paths as Json))
      for (const [method, op] of Object.entries(item as Json)) {
        const content = (op as Json).responses["200"].content ?? {};
        if (content["application/json"]) walk(content["application/json"].schema, `${method} ${path}`);
      }
    expect(loose).toEqual([]);
  });

  for (const [key, cases] of Object.entries(CASES)) {
    it(`${key}: valid, empty-result and invalid calls answer as documented`, async () => {
      const [method, path] = key.split(" ") as [string, string];
      const operation = document.paths[path]?.[method.toLowerCase()];
      expect(operation, key).toBeDefined();
      const list = (c: Call[] | string, empty: boolean) =>
        typeof c === "string" ? [] : c.map((call) => ({ ...call, empty }));
      const all = [...list(cases.valid, false), ...list(cases.empty, true), ...list(cases.invalid, false)];
      for (const c of all) {
        let request = c;
        if (c.headers?.["if-none-match"] === "ETAG") {
          const first = await call(api, { ...c, headers: {} });
          await first.arrayBuffer();
          request = { ...c, headers: { "if-none-match": first.headers.get("etag") ?? "none" } };
        }
        const response = await call(api, request);
        const where = `${c.method ?? "GET"} ${c.url}`;
        expect(response.status, where).toBe(c.status);
        const documented = operation.responses[String(response.status)];
        expect(documented, `${where}: status ${response.status} is not documented`).toBeDefined();
        const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
        if (response.status === 304) {
          expect(documented.content).toBeUndefined();
          continue;
        }
        expect(Object.keys(documented.content ?? {}), where).toContain(type);
        if (type === "application/json") {
          const body = await response.json();
          const check = validatorOf(documented.content[type].schema);
          expect(check(body), `${where}: ${JSON.stringify(check.errors?.slice(0, 5))}`).toBe(true);
          if (c.empty && c.status === 200)
            expect(c.emptyAt ? body.data[c.emptyAt] : body.data, where).toEqual([]);
        } else if (type === "text/csv") {
          const row = c.empty ? await onlyHeaderRow(response, where) : await headerRow(response);
          const media = documented.content[type];
          const tables = media["x-csv-tables"];
          const table = new URL(c.url, api.baseUrl).searchParams.get("table") ?? "enrichment";
          const columns = (tables ? tables[table] : media["x-csv-columns"]) as {
            name: string;
            meaning: string;
          }[];
          expect(row, where).toEqual(columns.map((col) => col.name));
          for (const col of columns) expect(col.meaning, `${where}: column ${col.name}`).not.toBe("");
          headers[tables ? `${key}?table=${table}` : key] ??= row;
        } else if (type === "application/zip") {
          // A zip's first bytes are its first local file header; the rest (every CSV) is not needed here.
          const reader = response.body!.getReader();
          const { value } = await reader.read();
          await reader.cancel();
          expect(Buffer.from(value!).subarray(0, 4).toString("latin1"), where).toBe("PK\u0003\u0004");
        } else {
          expect(type).toBe("application/graphml+xml");
          expect(await response.text()).toContain("<graphml");
        }
      }
    });
  }

  it("pins the header row of every CSV file (openapi-csv-headers.json; -u rewrites it)", async () => {
    const csvOperations = Object.entries(document.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([, op]) => (op as Json).responses["200"].content?.["text/csv"])
        .map(([method]) => operationKey(method, path)),
    );
    for (const key of csvOperations)
      expect(
        Object.keys(headers).some((k) => k === key || k.startsWith(`${key}?`)),
        key,
      ).toBe(true);
    const sorted = Object.fromEntries(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b)));
    await expect(`${JSON.stringify(sorted, null, 2)}\n`).toMatchFileSnapshot("./openapi-csv-headers.json");
  });

  it("documents the compartments the loaded release has", async () => {
    const { body } = await api.json<{ data: { compartment: string }[] }>("/api/proteins/compartments");
    const documented =
      document.paths["/api/proteins/compartment/{compartment}"].get.parameters[0].schema.enum;
    expect(body.data.map((c) => c.compartment)).toEqual(documented);
  });

  it("generates a typed client with openapi-typescript that compiles", async () => {
    const served = JSON.stringify(document);
    let errors = compiled.get(served);
    if (!errors) {
      errors = compileClient(document);
      compiled.set(served, errors);
    }
    expect(await errors, "tsc --noEmit").toBe("");
  }, 60_000);

  // Last in the file: it spends this portal's write budget for the minute.
  it("answers writes past the rate limit with the documented 429", async () => {
    const operation = document.paths["/api/stats/record-visit"].post;
    let response: Response | null = null;
    for (let n = 0; n < 200; n++) {
      response = await call(api, {
        url: "/api/stats/record-visit",
        method: "POST",
        body: { path: "/", visitorId: `openapi-rate-${n}` },
        status: 200,
      });
      if (response.status === 429) break;
      await response.arrayBuffer();
    }
    expect(response?.status).toBe(429);
    const documented = operation.responses["429"];
    expect(documented, "429 is documented").toBeDefined();
    const body = await response!.json();
    const check = validatorOf(documented.content["application/json"].schema);
    expect(check(body), JSON.stringify(check.errors?.slice(0, 5))).toBe(true);
    expect(body.success).toBe(false);
  });
});

/** tsc's complaints about a client written against `document`'s types (empty: it compiles). */
async function compileClient(document: Json): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "openapi-client-"));
  try {
    const ast = await openapiTS(structuredClone(document));
    writeFileSync(path.join(dir, "api.d.ts"), astToString(ast));
    writeFileSync(
      path.join(dir, "client.ts"),
      `import type { paths } from "./api";
type Json<P extends keyof paths, M extends "get" | "post"> =
  paths[P][M] extends { responses: { 200: { content: { "application/json": infer B } } } } ? B : never;

export async function searchGenes(q: string): Promise<string[]> {
  const response = await fetch(\`/api/gene/search?q=\${encodeURIComponent(q)}\`);
  const body = (await response.json()) as Json<"/api/gene/search", "get">;
  if (!("pagination" in body)) return [];
  const total: number = body.pagination.total;
  const symbols: string[] = body.data.map((g) => g.HumanName ?? String(g.ID));
  return total > 0 ? symbols : [];
}

export function chapterGenes(body: Json<"/api/disease-classifications/chapter/{chapter}", "get">): string[] {
  const chapter: string = body.data.chapter ?? "";
  return body.data.diseases.flatMap((d) => d.genes.map((g) => \`\${chapter}:\${g.gene_name}\`));
}

export function visitBody(): paths["/api/stats/record-visit"]["post"]["requestBody"] {
  return { content: { "application/json": { path: "/", visitorId: "v" } } };
}

export function sortKey(q: NonNullable<paths["/api/gene/table"]["get"]["parameters"]["query"]>): string {
  const key: "ID" | "HumanName" | "HumanEntrez" | "MouseEntrez" | "RatEntrez" | "MGI" | "PaperCount" | undefined = q.sortBy;
  return key ?? "ID";
}

export function notAField(body: Json<"/api/stats/visits", "get">): number {
  // @ts-expect-error the visits answer has no such field: the types are field-level, not 'any'
  return body.data.no_such_field;
}
`,
    );
    const tsc = path.resolve(__dirname, "../../node_modules/typescript/bin/tsc");
    const run = promisify(execFile);
    const result = await run(
      process.execPath,
      [
        tsc,
        "--noEmit",
        "--strict",
        "--target",
        "es2022",
        "--module",
        "esnext",
        "--moduleResolution",
        "bundler",
        "--lib",
        "es2022,dom",
        "--skipLibCheck",
        path.join(dir, "client.ts"),
      ],
      { cwd: dir },
    ).catch((error: { stdout: string; stderr: string }) => ({
      stdout: error.stdout,
      stderr: error.stderr,
      failed: true,
    }));
    return "failed" in result ? `${result.stdout}${result.stderr}` : "";
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
