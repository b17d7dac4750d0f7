import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

/**
 * `/readyz` and the Prometheus `/metrics` of a real gateway: the text is valid exposition format (every
 * sample of a declared metric, label values quoted and escaped, numeric values) and the counters move
 * with the requests sent.
 */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/gy;
const SUFFIXES: Record<string, string[]> = {
  counter: [""],
  gauge: [""],
  histogram: ["_bucket", "_sum", "_count"],
  summary: ["", "_sum", "_count"],
};

/** Parses Prometheus text format 0.0.4 (what prom-client writes), failing on anything malformed. */
function parseMetrics(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (line.startsWith("# HELP ")) {
      expect(line.split(" ")[2]).toMatch(METRIC_NAME);
      continue;
    }
    if (line.startsWith("# TYPE ")) {
      const [, , name, type] = line.split(" ");
      expect(name).toMatch(METRIC_NAME);
      expect(Object.keys(SUFFIXES)).toContain(type);
      types.set(name!, type!);
      continue;
    }
    const match = SAMPLE_LINE.exec(line);
    expect(match, `a sample line: ${line}`).not.toBeNull();
    const [, name, labelText = "", valueText] = match!;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let label = LABEL.exec(labelText); label; label = LABEL.exec(labelText)) {
      labels[label[1]!] = label[2]!.replace(/\\n/g, "\n").replace(/\\"/g, '"').replace(/\\\\/g, "\\");
      consumed = LABEL.lastIndex;
    }
    expect(consumed, `labels of ${line}`).toBe(labelText.length);
    // Prometheus reads values as Go floats: NaN in any case (prom-client writes 'Nan' for an empty lag).
    const value = valueText === "+Inf" ? Infinity : valueText === "-Inf" ? -Infinity : Number(valueText);
    expect(Number.isNaN(value) && !/^nan$/i.test(valueText!), `value of ${line}`).toBe(false);
    const declared = [...types].some(([metric, type]) =>
      SUFFIXES[type]!.some((suffix) => `${metric}${suffix}` === name),
    );
    expect(declared, `${name} has a # TYPE line`).toBe(true);
    samples.push({ name: name!, labels, value });
  }
  return { types, samples };
}

const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe.each(testDatabases)("readiness and metrics ($kind)", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    process.env.RESPONSE_CACHE_MB = "8"; // the answer cache on, to see its hits
    api = await startPortal(db);
  });
  afterAll(async () => {
    process.env.RESPONSE_CACHE_MB = "0";
    await api?.close();
  });

  const scrape = async () => {
    const response = await fetch(`${api.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    return parseMetrics(await response.text()).samples;
  };

  /**
   * A scrape once `counted` holds: a request is counted when its response has finished on the server,
   * which may come after the client has read it and sent the scrape. Bounded: fails after 5 s.
   */
  const scrapeWhen = async (counted: (samples: Awaited<ReturnType<typeof scrape>>) => boolean) => {
    for (const deadline = Date.now() + 5_000; ; ) {
      const samples = await scrape();
      if (counted(samples)) return samples;
      if (Date.now() > deadline) throw new Error("the requests were not counted within 5 s");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it("/readyz names the release served and no replicas, and is never cached", async () => {
    const response = await fetch(`${api.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { status: string; release: string; replicas: unknown[] };
    expect(body).toEqual({ status: "ready", release: expect.stringMatching(/^0\.1\.0@/), replicas: [] });
  });

  it("serves Prometheus text, not cached, with Node's defaults and the release served", async () => {
    const response = await fetch(`${api.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("etag")).toBeNull();
    const { types, samples } = parseMetrics(await response.text());
    expect(types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    expect(types.get("portal_http_request_duration_seconds")).toBe("histogram");
    expect(types.get("portal_visits_buffered")).toBe("gauge");
    expect(types.get("portal_visits_dropped_total")).toBe("counter");
    const release = ((await (await fetch(`${api.baseUrl}/readyz`)).json()) as { release: string }).release;
    expect(samples.filter((s) => s.name === "portal_release_info")).toEqual([
      { name: "portal_release_info", labels: { release }, value: 1 },
    ]);
    const pools = samples.filter((s) => s.name === "portal_db_pool_connections");
    if (db.kind === "mysql") {
      expect(
        sampleValue(samples, "portal_db_pool_connections", { pool: "primary", state: "open" }),
      ).toBeGreaterThan(0);
      expect(samples.some((s) => s.name === "portal_db_pool_waiting" && s.labels.pool === "primary")).toBe(
        true,
      );
    } else expect(pools).toEqual([]); // SQLite has no pool
  });

  it("counts requests by route pattern and status, their latency, SQL statements and cache lookups", async () => {
    const before = await scrape();
    // A disease search runs SQL (a gene search is answered from memory).
    const url = "/api/disease/search?q=syndrome&pageSize=7";
    expect((await api.get(url)).status).toBe(200);
    expect((await api.get(url)).status).toBe(200); // answered from the answer cache
    expect((await api.get("/api/disease/search?q=syndrome&pageSize=0")).status).toBe(400);
    const route = { method: "GET", route: "/api/disease/search" };
    const after = await scrapeWhen(
      (samples) =>
        sampleValue(samples, "portal_http_request_duration_seconds_count", route) -
          sampleValue(before, "portal_http_request_duration_seconds_count", route) >=
        3,
    );
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    expect(delta("portal_http_requests_total", { ...route, status: "200" })).toBe(2);
    expect(delta("portal_http_requests_total", { ...route, status: "400" })).toBe(1);
    expect(delta("portal_http_request_duration_seconds_count", route)).toBe(3);
    expect(delta("portal_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBe(3);
    expect(delta("portal_http_request_duration_seconds_sum", route)).toBeGreaterThan(0);
    expect(delta("portal_sql_statements_total")).toBeGreaterThan(0);
    expect(delta("portal_answer_cache_lookups_total", { result: "hit" })).toBe(1);
    expect(delta("portal_answer_cache_lookups_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    // Labels carry the route pattern, never the raw URL with its query.
    expect(after.some((s) => Object.values(s.labels).some((v) => v.includes("q=DLG")))).toBe(false);
    const gene = await api.get("/api/gene/DLG4/papers");
    await gene.arrayBuffer();
    const papersRoute = { route: "/api/gene/:id/papers" };
    const third = await scrapeWhen(
      (samples) =>
        sampleValue(samples, "portal_http_requests_total", papersRoute) >
        sampleValue(after, "portal_http_requests_total", papersRoute),
    );
    expect(
      sampleValue(third, "portal_http_requests_total", { route: "/api/gene/:id/papers" }) -
        sampleValue(after, "portal_http_requests_total", { route: "/api/gene/:id/papers" }),
    ).toBe(1);
  });

  it("is neither counted as an API call nor rate limited", async () => {
    for (let i = 0; i < 5; i++) await scrape();
    const calls = await api.portal.services.stats.callCounts();
    expect(calls.filter((c) => c.endpoint.includes("metrics"))).toEqual([]);
    const response = await fetch(`${api.baseUrl}/metrics`);
    expect(response.headers.get("ratelimit-limit")).toBeNull();
    expect(response.headers.get("x-ratelimit-limit")).toBeNull();
  });
});
