import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ReplicatedMariaDb, startReplicatedMariaDb } from "../../deploy/mariadb-server";
import { buildPortal, type Portal } from "../../gateway/app";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { loadRelease } from "../../seeds/loader";
import { synaptomeFixtureRelease } from "./fixture-release";

/**
 * Read replicas on real MariaDB servers: a private primary (binary log) and a private replica that
 * follows it. A gateway with DATABASE_REPLICA_URLS reads from the replica and writes visits to the
 * primary; a replica that stops applying changes or dies is left out (reads go to the primary, no
 * request fails) and taken back once it has caught up. MariaDB only: SQLite has no replicas.
 */
interface Readyz {
  status: string;
  release: string | null;
  replicas: { name: string; state: "in-use" | "lagging" | "down"; lagSeconds: number | null }[];
}

const DATABASE = "portal_replica";

describe("read replicas (private MariaDB primary and replica)", () => {
  let topology: ReplicatedMariaDb;
  let portal: Portal;
  let base: string;
  let releaseVersion: string;

  beforeAll(async () => {
    topology = await startReplicatedMariaDb();
    // Seeded on the primary through the real importer; the replica receives it by replication. The small
    // release: what is tested is where reads and writes go, not the release's size (the bundled one was
    // most of this file's CPU, loaded on the primary and applied again on the replica).
    const primaryDb = await openDatabase(parseDatabaseUrl(topology.primary.url(DATABASE)));
    try {
      const release = synaptomeFixtureRelease(topology.primary.dir);
      releaseVersion = release.info.version;
      await loadRelease(primaryDb, release);
    } finally {
      await primaryDb.destroy();
    }
    await topology.waitForReplica();
    portal = await buildPortal({
      databaseUrl: topology.primary.url(DATABASE),
      replicaUrls: [topology.replica.url(DATABASE)],
      autoSeed: false,
      logLevel: "error",
    });
    await portal.app.listen({ port: 0, host: "127.0.0.1" });
    await portal.ready;
    const address = portal.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    portal?.app.server.closeAllConnections();
    await portal?.close();
    await topology?.destroy();
  });

  const readyz = async () => (await (await fetch(`${base}/readyz`)).json()) as Readyz;
  const replicaName = () => `127.0.0.1:${topology.replica.port}`;

  /** Polls /readyz until the replica is in `state` (the check runs every second). */
  async function replicaBecomes(state: Readyz["replicas"][number]["state"]) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const report = await readyz();
      if (report.replicas[0]?.state === state) return report;
      if (Date.now() > deadline) throw new Error(`replica still ${JSON.stringify(report.replicas)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  // Disease searches: each runs SQL (a gene search is answered from memory, the search index and the
  // release's genes held by the gateway), and each term matches at least one disease.
  const TERMS = [
    "syndrome",
    "disorder",
    "disease",
    "deficiency",
    "dystrophy",
    "epilep",
    "intellectual",
    "neuro",
    "ataxia",
    "cancer",
  ];
  /** `count` different reads (distinct URLs, so none is answered from a cache); their statuses. */
  async function reads(count: number, offset = 0): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const k = (offset + i) % (TERMS.length * 50);
      const term = TERMS[Math.floor(k / 50)];
      const response = await fetch(`${base}/api/disease/search?q=${term}&page=1&pageSize=${(k % 50) + 1}`);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  }

  const selects = async () => ({
    primary: await topology.primary.status("Com_select"),
    replica: await topology.replica.status("Com_select"),
  });

  it("reports the replica in use and the release served", async () => {
    const report = await replicaBecomes("in-use");
    expect(report.status).toBe("ready");
    expect(report.replicas).toEqual([{ name: replicaName(), state: "in-use", lagSeconds: 0 }]);
    expect(report.release?.split("@")[0]).toBe(releaseVersion);
  });

  it("answers reads from the replica, not the primary", async () => {
    await replicaBecomes("in-use");
    const before = await selects();
    const started = Date.now();
    expect(await reads(40)).toEqual(Array(40).fill(200));
    const after = await selects();
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
    // Each read runs SELECTs on the replica; the primary sees only the replica check's one SELECT a
    // second (its release row) and the status queries of this test (not SELECT statements).
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(40);
    expect(after.primary - before.primary).toBeLessThanOrEqual(seconds + 2);
  });

  it("writes visits to the primary", async () => {
    const visitorId = `replica-test-${Date.now()}`;
    const response = await fetch(`${base}/api/stats/record-visit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: "/replica-test", visitorId }),
    });
    expect(response.status).toBe(200);
    await portal.services.stats.flush();
    const stored = await topology.primary.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${DATABASE}.visit WHERE visitor_id = '${visitorId}'`,
    );
    expect(Number(stored[0]?.n)).toBe(1);
  });

  it("leaves out a replica that stops applying changes, reading from the primary meanwhile", async () => {
    await replicaBecomes("in-use");
    await topology.stopReplicaSqlThread();
    try {
      const report = await replicaBecomes("lagging");
      expect(report.status).toBe("ready");
      expect(report.replicas[0]).toMatchObject({ name: replicaName(), lagSeconds: null });
      const before = await selects();
      expect(await reads(20, 100)).toEqual(Array(20).fill(200));
      const after = await selects();
      expect(after.primary - before.primary).toBeGreaterThanOrEqual(20);
      expect(after.replica - before.replica).toBeLessThan(5);
    } finally {
      await topology.startReplicaSqlThread();
    }
    await replicaBecomes("in-use");
    const before = await selects();
    expect(await reads(10, 200)).toEqual(Array(10).fill(200));
    expect((await selects()).replica - before.replica).toBeGreaterThanOrEqual(10);
  });

  it("loses no request when the replica dies, and takes it back when it returns", async () => {
    await replicaBecomes("in-use");
    // Reads keep going while the replica is killed: those on its connections are run again on the primary.
    let stop = false;
    const statuses: number[] = [];
    const load = (async () => {
      for (let i = 0; !stop; i++) statuses.push(...(await reads(1, 300 + (i % 200))));
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await topology.replica.kill();
    const report = await replicaBecomes("down");
    expect(report.status).toBe("ready");
    expect(report.replicas[0]).toMatchObject({ name: replicaName(), state: "down", lagSeconds: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await topology.replica.start();
    await replicaBecomes("in-use");
    stop = true;
    await load;
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
