import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

/** A repeat of a cacheable JSON GET is answered from memory: the same body, no SQL. */
describe.each(testDatabases)("response cache ($kind)", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    process.env.RESPONSE_CACHE_MB = "8"; // read when the gateway is built
    api = await startPortal(db);
  });
  afterAll(async () => {
    process.env.RESPONSE_CACHE_MB = "0";
    await api?.close();
  });

  it("answers a repeat GET from memory with the same body and ETag and no SQL", async () => {
    // A disease search runs SQL (a gene search is answered from the gateway's memory).
    const url = "/api/disease/search?q=ataxia&pageSize=5";
    const first = await api.get(url);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(Number(first.headers.get("x-sql-queries"))).toBeGreaterThan(0);
    const again = await api.get(url);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("x-sql-queries")).toBe("0");
    // Another URL is computed, not served from the cache.
    const other = await api.get("/api/disease/search?q=ataxia&pageSize=6");
    expect(Number(other.headers.get("x-sql-queries"))).toBeGreaterThan(0);
  });

  it("writes a repeat of a cached answer again byte for byte, counted like any other answer", async () => {
    const url = `${api.baseUrl}/api/disease/search?q=dystrophy&pageSize=4`;
    const replays = async () =>
      Number(
        /^portal_answer_replays_total (\d+)$/m.exec(
          await (await fetch(`${api.baseUrl}/metrics`)).text(),
        )?.[1],
      );
    const calls = async () =>
      (await api.portal.services.stats.callCounts()).find((c) => c.endpoint === "GET /api/disease/search")
        ?.count ?? 0;
    const answer = async (headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      const seen: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        if (name !== "date") seen[name] = value;
      });
      return { status: response.status, headers: seen, body: Buffer.from(await response.arrayBuffer()) };
    };
    await answer(); // computed, then kept by the answer cache
    const fromCache = await answer(); // the answer cache's hit, through every hook: recorded
    const [replaysBefore, callsBefore] = [await replays(), await calls()];
    const replayed = await answer();
    expect(await replays()).toBe(replaysBefore + 1);
    expect(replayed).toEqual(fromCache);
    expect(await calls()).toBe(callsBefore + 1); // the API call counter still counts it
    // Another Accept-Encoding is its own answer (compressed ones stream, so they go the whole way).
    const compressed = await answer({ "accept-encoding": "gzip" });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
    // A conditional repeat is answered 304 by the hooks, never replayed.
    const conditional = await fetch(url, { headers: { "if-none-match": fromCache.headers.etag! } });
    expect(conditional.status).toBe(304);
    expect(await replays()).toBe(replaysBefore + 1);
  });
});

/** A repeated GraphQL query is answered from the same cache; live fields, mutations and errors never are. */
describe.each(testDatabases)("GraphQL answer cache ($kind)", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    process.env.RESPONSE_CACHE_MB = "8";
    api = await startPortal(db);
  });
  afterAll(async () => {
    process.env.RESPONSE_CACHE_MB = "0";
    await api?.close();
  });

  // A disease search runs SQL (a gene search is answered from the gateway's memory).
  const diseaseSearch = `query ($q: String!) { diseaseSearch(q: $q, pageSize: 5) { diseases { hdoid description } } }`;

  it("answers a repeated query with the same body and no SQL; other variables are computed", async () => {
    const first = await api.graphql(diseaseSearch, { q: "ataxia" });
    expect(first.body.errors).toBeUndefined();
    expect(Number(first.headers.get("x-sql-queries"))).toBeGreaterThan(0);
    const again = await api.graphql(diseaseSearch, { q: "ataxia" });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("x-sql-queries")).toBe("0");
    const other = await api.graphql(diseaseSearch, { q: "dystrophy" });
    expect(Number(other.headers.get("x-sql-queries"))).toBeGreaterThan(0);
  });

  it("computes live statistics every time: a visit recorded between two equal queries shows", async () => {
    type Live = {
      visitStats: { totalVisits: number };
      databaseSchema: { tables: { name: string; rowCount: number }[] };
    };
    const totalVisits = (d?: Live) => d?.visitStats.totalVisits;
    const visitRows = (d?: Live) => d?.databaseSchema.tables.find((t) => t.name === "visit")?.rowCount;
    // Each live root field on its own: one live field would make a mixed query uncacheable anyway.
    const queries = [
      { query: "{ visitStats { totalVisits } }", read: totalVisits },
      { query: "{ databaseSchema { tables { name rowCount } } }", read: visitRows },
    ];
    const before = await Promise.all(queries.map((q) => api.graphql<Live>(q.query)));
    const visit = await fetch(`${api.baseUrl}/api/stats/record-visit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/", visitorId: `cache-${db.kind}-${Date.now()}` }),
    });
    expect(visit.status).toBe(200);
    const after = await Promise.all(queries.map((q) => api.graphql<Live>(q.query)));
    queries.forEach((q, i) => {
      expect(q.read(before[i]!.body.data)).toEqual(expect.any(Number));
      expect(q.read(after[i]!.body.data), q.query).toBe(q.read(before[i]!.body.data)! + 1);
    });
  });
});
