import "reflect-metadata";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { StatsService } from "../../gateway/services/stats.service";
import { Visit } from "../../schema";
import { loadedRelease, loadRelease, rollbackRelease } from "../../seeds/loader";
import type { Release } from "../../seeds/release";
import { testDatabases } from "./databases";
import { synaptomeFixtureRelease } from "./fixture-release";
import { type RunningPortal, startPortal } from "./portal";

const work = mkdtempSync(path.join(tmpdir(), "portal-release-switch-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The second release: the synaptome.db fixture (200 genes; the bundled release has 8,087). */
const fixtureRelease = (): Release => synaptomeFixtureRelease(work);

/**
 * One answer read from several tables in several statements: the release record, counts over genes,
 * papers and disease links, and one gene's papers and diseases. The two releases differ in every part.
 */
const PROBE = `{
  datasetRelease { version loadedAt }
  datasetOverview { proteins studies consensusGenes diseaseLinkedGenes linkedDisorders }
  gene(id: 1) { humanName papersCount diseasesCount }
}`;

/** A GET whose ETag names the release served. */
const TAGGED_PATH = "/api/proteins/compartments";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)("release switch and rollback on $kind", (database) => {
  let api: RunningPortal;
  /** A connection of its own, as `db:seed` and `db:rollback` from another process would have. */
  let loader: DataSource;

  beforeAll(async () => {
    api = await startPortal(database);
    loader = await openDatabase(parseDatabaseUrl(database.url));
  });
  afterAll(async () => {
    await loader?.destroy();
    await api?.close();
  });

  const probe = async (): Promise<string> => {
    const { status, body } = await api.graphql(PROBE);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    return JSON.stringify(body.data);
  };
  const etag = async (): Promise<string | null> => {
    const response = await api.get(TAGGED_PATH);
    await response.arrayBuffer();
    return response.headers.get("etag");
  };
  /**
   * What follows the release besides the answers read by SQL: the in-memory search index (a gene
   * search's total) and the version the gateway holds for CSV file names and the OpenAPI text.
   */
  const followers = async () => {
    const { body } = await api.graphql<{ geneSearch: { pagination: { total: number } } }>(
      '{ geneSearch(q: "syn", pageSize: 1) { pagination { total } } }',
    );
    const { body: openapi } = await api.json<{ info: { description: string } }>("/api/openapi.json");
    // The catalog markup, held per release: in the /data page and its JSON-LD answer.
    const page = await (await fetch(`${api.baseUrl}/data`)).text();
    const markup = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page)?.[1];
    const answer = await fetch(`${api.baseUrl}/data`, { headers: { accept: "application/ld+json" } });
    return {
      searchTotal: body.data?.geneSearch.pagination.total,
      version: /Dataset release: (.*)\.$/.exec(openapi.info.description)?.[1],
      pageDatasetVersion: markup && (JSON.parse(markup) as { version: string }).version,
      jsonLdDatasetVersion: ((await answer.json()) as { version: string }).version,
    };
  };
  /**
   * When the served ETag changed: a request every 50 ms for 1.5 s, not waiting for the answers (a busy
   * gateway answers late, but the tag is fixed on arrival). Returns how long after now the first request
   * answered with a new tag was sent, and whether every later one kept that tag.
   */
  const etagChange = async (before: string | null): Promise<{ afterMs: number; stable: boolean }> => {
    const start = performance.now();
    const polls: Promise<{ sentMs: number; tag: string | null }>[] = [];
    for (let sentMs = 0; sentMs < 1500; sentMs = performance.now() - start) {
      polls.push(etag().then((tag) => ({ sentMs, tag })));
      await sleep(50);
    }
    const seen = await Promise.all(polls);
    const first = seen.findIndex((p) => p.tag !== before);
    if (first < 0) return { afterMs: Number.POSITIVE_INFINITY, stable: false };
    return {
      afterMs: seen[first]!.sentMs,
      stable: seen.slice(first).every((p) => p.tag === seen[first]!.tag),
    };
  };

  it("serves the old release or the new, never a mix, while switching to a release and back", {
    timeout: 240_000,
  }, async () => {
    const bundledAnswer = await probe();
    const bundledTag = await etag();
    const bundledRelease = await loadedRelease(loader);
    const bundledFollowers = await followers();
    expect(bundledFollowers.version).toBe(bundledRelease?.version);
    expect(bundledFollowers.pageDatasetVersion).toBe(bundledRelease?.version);
    expect(bundledFollowers.jsonLdDatasetVersion).toBe(bundledRelease?.version);

    // Readers hit the server over real connections while the loader switches; visits are recorded too.
    const answers: string[] = [];
    const visitorId = `release-switch-${database.kind}-${Date.now()}`;
    let visitsAcknowledged = 0;
    let reading = true;
    const readerLoop = async () => {
      while (reading) answers.push(await probe());
    };
    const visitLoop = async () => {
      for (let i = 0; reading; i++) {
        const response = await fetch(`${api.baseUrl}/api/stats/record-visit`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ path: `/switch/${i}`, visitorId }),
        });
        await response.arrayBuffer();
        if (response.status === 200) visitsAcknowledged += 1;
        await sleep(10);
      }
    };
    const loops = Promise.all([readerLoop(), readerLoop(), visitLoop()]);

    try {
      await sleep(200);
      await loadRelease(loader, fixtureRelease());
      const switched = await etagChange(bundledTag);
      expect(switched.afterMs).toBeLessThan(1000);
      expect(switched.stable).toBe(true);
      const fixtureAnswer = await probe();
      const fixtureTag = await etag();
      expect(fixtureAnswer).not.toBe(bundledAnswer);
      expect(fixtureTag).not.toBe(bundledTag);
      // Once the ETag has changed, the search index and the version have followed too.
      const fixtureFollowers = await followers();
      expect(fixtureFollowers.version).toBe((await loadedRelease(loader))?.version);
      expect(fixtureFollowers.version).not.toBe(bundledFollowers.version);
      expect(fixtureFollowers.pageDatasetVersion).toBe(fixtureFollowers.version);
      expect(fixtureFollowers.jsonLdDatasetVersion).toBe(fixtureFollowers.version);
      expect(fixtureFollowers.searchTotal).not.toBe(bundledFollowers.searchTotal);

      await sleep(300);
      const rollback = await rollbackRelease(loader);
      expect(rollback.to).toBe(bundledRelease?.version);
      const rolledBack = await etagChange(fixtureTag);
      expect(rolledBack.afterMs).toBeLessThan(1000);
      expect(rolledBack.stable).toBe(true);
      await sleep(300);
      reading = false;
      await loops;

      // Rollback restores the previous answers and ETag exactly (the same release record).
      expect(await probe()).toBe(bundledAnswer);
      expect(await etag()).toBe(bundledTag);
      expect(await followers()).toEqual(bundledFollowers);
      expect((await loadedRelease(loader))?.loadedAt).toBe(bundledRelease?.loadedAt);

      // Every answer is one release's answer; both releases were seen while switching.
      const foreign = answers.filter((a) => a !== bundledAnswer && a !== fixtureAnswer);
      expect(foreign).toEqual([]);
      expect(answers.filter((a) => a === fixtureAnswer).length).toBeGreaterThan(0);
      expect(answers.filter((a) => a === bundledAnswer).length).toBeGreaterThan(0);

      // Visits are not part of a release: every acknowledged visit is stored.
      await api.portal.services.stats.flush();
      expect(visitsAcknowledged).toBeGreaterThan(0);
      expect(await loader.getRepository(Visit).countBy({ visitorId })).toBe(visitsAcknowledged);
    } finally {
      reading = false;
      await loops.catch(() => undefined);
    }
  });

  it("rolls back to the release taken down, and refuses when none is kept", async () => {
    const live = await loadedRelease(loader);
    // The previous test's rollback kept the fixture release: rolling back again puts it live.
    const forward = await rollbackRelease(loader);
    expect(forward.from).toBe(live?.version);
    expect(forward.to).not.toBe(live?.version);
    const back = await rollbackRelease(loader);
    expect(back.to).toBe(live?.version);
    expect((await loadedRelease(loader))?.loadedAt).toBe(live?.loadedAt);

    // A fresh database has no kept release.
    if (database.kind === "sqlite") {
      const fresh = await openDatabase(parseDatabaseUrl(`sqlite:${path.join(work, "fresh.sqlite")}`));
      try {
        await expect(rollbackRelease(fresh)).rejects.toThrow("No previous release is kept");
      } finally {
        await fresh.destroy();
      }
    }
  });
});

describe("visit buffer bound", () => {
  it("drops, counts and logs visits beyond VISIT_BUFFER_LIMIT while the database refuses them, and writes the rest on recovery", async () => {
    const file = path.join(work, "buffer.sqlite");
    const previousBusy = process.env.DB_BUSY_TIMEOUT_MS;
    process.env.DB_BUSY_TIMEOUT_MS = "20";
    const db = await openDatabase(parseDatabaseUrl(`sqlite:${file}`));
    const blocker = await openDatabase(parseDatabaseUrl(`sqlite:${file}`));
    if (previousBusy === undefined) delete process.env.DB_BUSY_TIMEOUT_MS;
    else process.env.DB_BUSY_TIMEOUT_MS = previousBusy;
    const warnings: string[] = [];
    const stats = new StatsService(db, 60_000, (message) => warnings.push(message), 5);
    const runner = blocker.createQueryRunner();
    try {
      // Another connection holds the write lock: every visit insert fails (SQLITE_BUSY) and is buffered.
      await runner.query("BEGIN EXCLUSIVE");
      for (let i = 0; i < 8; i++) await stats.recordVisit("buffer-test", `/page/${i}`);
      expect(stats.bufferedVisits).toBe(5);
      expect(stats.droppedVisits).toBe(3);
      // Logged at the first drop (then at most every 10 s), and the total once the buffer is written.
      expect(warnings).toEqual([expect.stringMatching(/VISIT_BUFFER_LIMIT=5\).*: 1 visits dropped so far/)]);
      await runner.query("ROLLBACK");
      await stats.flush();
      expect(stats.bufferedVisits).toBe(0);
      expect(warnings[1]).toMatch(/3 visits were dropped in all/);
      const stored = await db.getRepository(Visit).find({ where: { visitorId: "buffer-test" } });
      expect(stored.map((v) => v.path).sort()).toEqual([
        "/page/0",
        "/page/1",
        "/page/2",
        "/page/3",
        "/page/4",
      ]);
    } finally {
      await runner.release();
      await stats.stop();
      await blocker.destroy();
      await db.destroy();
    }
  });
});
