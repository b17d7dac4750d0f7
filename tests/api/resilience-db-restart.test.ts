import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MariaDbServer } from "../../deploy/mariadb-server";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { loadRelease } from "../../seeds/loader";
import { synaptomeFixtureRelease } from "./fixture-release";
import { type RunningPortal, startPortal } from "./portal";

/**
 * The database crashes and comes back under load: the gateway answers 503 + Retry-After in the error
 * envelope while it is down, serves again by itself once it is back (no restart), and every visit and
 * API call counted during the test is in the database afterwards, exactly once.
 * Runs on a private mariadbd (never the shared server on 3306).
 */
const runsMysql = (process.env.TEST_DATABASES ?? "sqlite,mysql").split(",").includes("mysql");

describe.runIf(runsMysql)("database restart under load (private MariaDB)", () => {
  let mariadb: MariaDbServer;
  let api: RunningPortal;
  const url = () => mariadb.url("portal_restart");
  let visitSeq = 0;
  let visitsAccepted = 0;
  let searchesSent = 0;

  beforeAll(async () => {
    mariadb = await MariaDbServer.create();
    const dataSource = await openDatabase(parseDatabaseUrl(url()));
    try {
      // The small release: what is tested is the gateway around the database, not the release's size
      // (the bundled one took 30 s of this file's 37 to load on a 630 ms host).
      await loadRelease(dataSource, synaptomeFixtureRelease(mariadb.dir));
    } finally {
      await dataSource.destroy();
    }
    process.env.DB_PROBE_INTERVAL_MS = "250";
    api = await startPortal({ kind: "mysql", url: url() });
  }, 240_000);

  afterAll(async () => {
    delete process.env.DB_PROBE_INTERVAL_MS;
    await api?.close();
    await mariadb?.destroy();
  });

  const search = () => {
    searchesSent += 1;
    // A URL of its own each time: repeats would be answered from the response cache, without the database.
    // A disease search, which runs SQL (a gene search is answered from the gateway's memory).
    return api.get(`/api/disease/search?q=syndrome&page=${(searchesSent % 5) + 1}&n=${searchesSent}`);
  };
  const visit = async () => {
    visitSeq += 1;
    const response = await fetch(`${api.baseUrl}/api/stats/record-visit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: `/gene/${visitSeq}`, visitorId: `restart-visitor-${visitSeq % 7}` }),
    });
    if (response.status === 200) visitsAccepted += 1;
    return response;
  };
  /** A burst of mixed reads and visit writes, 8 at a time. */
  let graphqlSeq = 0;
  /** The disease search over GraphQL, with variables of its own each time (never a cached answer). */
  const graphqlSearch = () => {
    graphqlSeq += 1;
    return fetch(`${api.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query:
          'query ($size: Int!) { diseaseSearch(q: "syndrome", pageSize: $size) { pagination { total } } }',
        variables: { size: graphqlSeq }, // at most 14 operations: page sizes 1 to 14
      }),
    });
  };
  const load = async (rounds: number) => {
    const responses: Response[] = [];
    for (let i = 0; i < rounds; i++) {
      responses.push(
        ...(await Promise.all([search(), graphqlSearch(), search(), visit(), search(), visit()])),
      );
    }
    return responses;
  };

  it("serves, answers 503 while the database is down, recovers by itself and loses no visit", async () => {
    const before = await load(5);
    expect(before.map((r) => r.status)).toEqual(before.map(() => 200));

    // Crash the database while requests are running.
    const during = load(4);
    await mariadb.kill();
    // Whatever was in flight either completed or got an answer (none hangs); a request that met the
    // crash itself is a 503 too, never a 500.
    const statuses = new Set((await during).map((r) => r.status));

    let down: Response | null = null;
    for (let i = 0; i < 50 && !down; i++) {
      const response = await search();
      statuses.add(response.status);
      if (response.status === 503) down = response;
      else await response.arrayBuffer();
    }
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(down, "a read answered 503 while the database was down").not.toBeNull();
    expect(down!.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await down!.json()).toEqual({ success: false, message: expect.stringMatching(/database/i) });

    const graphql = await api.graphql('{ diseaseSearch(q: "syndrome") { pagination { total } } }');
    expect(graphql.status).toBe(503);
    expect(graphql.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe("SERVICE_UNAVAILABLE");

    // Visits sent while it is down are accepted and kept.
    const whileDown = await Promise.all(Array.from({ length: 12 }, () => visit()));
    expect(whileDown.map((r) => r.status)).toEqual(whileDown.map(() => 200));

    await mariadb.start();
    let recovered = false;
    for (let i = 0; i < 120 && !recovered; i++) {
      const response = await search();
      recovered = response.status === 200;
      await response.arrayBuffer();
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered, "the gateway served again without a restart").toBe(true);

    const after = await load(5);
    expect(after.map((r) => r.status)).toEqual(after.map(() => 200));

    const stats = await api.json<{ data: { total_visits: number } }>("/api/stats/visits");
    expect(stats.status).toBe(200);
    expect(stats.body.data.total_visits).toBe(visitsAccepted);
    const counter = await api.json<{ data: { endpoint: string; count: number }[] }>("/api/stats/counter");
    const searches = counter.body.data.find((e) => e.endpoint === "GET /api/disease/search");
    expect(searches?.count).toBe(searchesSent);
  });
});
