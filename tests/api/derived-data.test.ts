import "reflect-metadata";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { DERIVED_DATA_VERSION } from "../../gateway/services/read-models/version";
import type { DatasetRelease } from "../../schema";
import { rebuildDerivedData } from "../../seeds/derived-data";
import { loadedRelease, loadRelease, rollbackRelease } from "../../seeds/loader";
import { testDatabases } from "./databases";
import { synaptomeFixtureRelease } from "./fixture-release";
import { type RunningPortal, startPortal } from "./portal";

const work = mkdtempSync(path.join(tmpdir(), "portal-derived-data-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Pages that read each kind of derived data: a gene's tab lists (gene_document), a disease's and a
 * study's lists (list_row, list_count and its first rows), the brain-region screen (a release document),
 * a gene search (the search index snapshot). Several genes and diseases, so that not every answer is
 * one the caches hold.
 */
const GENE = `query ($id: Int!) { gene(id: $id) {
  id humanName papersCount diseasesCount
  papers { pmid name brainRegion { name } }
  diseases { hdoid source }
  mutations { id hdoid variant pubmedIds }
} }`;
const DISEASE = `query ($hdoid: String!) { disease(hdoid: $hdoid) {
  hdoid geneCount mutationCount paperCount
  genes(page: 1, pageSize: 20, term: "", mode: CONSENSUS) { genes { id } pagination { total totalConsensus } }
  mutations(page: 1, pageSize: 20, term: "", mode: ALL) { mutations { id } pagination { total } }
  papers(page: 1, pageSize: 20, term: "") { papers { pmid } pagination { total } }
} }`;
const SEARCH = '{ geneSearch(q: "syn", pageSize: 5) { pagination { total } } }';

describe.each(testDatabases)("derived data and its version on $kind", (database) => {
  let api: RunningPortal;
  /** A connection of its own, as `db:seed`, `db:rollback` or another gateway would have. */
  let loader: DataSource;
  let probes: { label: string; send: () => Promise<Response> }[];
  const baseline = new Map<string, string>();

  const marker = async (suffix = ""): Promise<{ version: number; builtAt: string } | null> => {
    const [row] = (await loader.query(
      `SELECT version, built_at FROM ${loader.driver.escape(`derived_data${suffix}`)} WHERE id = 1`,
    )) as { version: unknown; built_at: string }[];
    return row ? { version: Number(row.version), builtAt: row.built_at } : null;
  };
  const graphql =
    (query: string, variables: Record<string, unknown> = {}) =>
    () =>
      fetch(`${api.baseUrl}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query, variables }),
      });
  /** Every probe once: its label and answer (status, body), or the failure to fetch it. */
  const answers = async () =>
    Promise.all(
      probes.map(async (probe) => {
        try {
          const response = await probe.send();
          return { label: probe.label, answer: `${response.status} ${await response.text()}` };
        } catch (error) {
          return { label: probe.label, answer: `failed: ${(error as Error).message}` };
        }
      }),
    );
  /** Probe the gateway, round after round, until `until` resolves; returns every answer that differed from the baseline. */
  const probeUntil = async <T>(
    until: Promise<T>,
  ): Promise<{ result: T; rounds: number; slowestMs: number; wrong: string[] }> => {
    let done = false;
    const result = until.finally(() => {
      done = true;
    });
    const wrong: string[] = [];
    let rounds = 0;
    let slowestMs = 0;
    while (!done) {
      const sent = performance.now();
      for (const { label, answer } of await answers())
        if (answer !== baseline.get(label)) wrong.push(`${label}: ${answer.slice(0, 300)}`);
      slowestMs = Math.max(slowestMs, performance.now() - sent);
      rounds++;
    }
    return { result: await result, rounds, slowestMs, wrong };
  };
  /** Resolves once the live marker differs from `before` and is this version's; how long that took. */
  const markerChanged = async (before: { builtAt: string } | null, since: number) => {
    for (;;) {
      const now = await marker();
      if (now && now.builtAt !== before?.builtAt && now.version === DERIVED_DATA_VERSION)
        return performance.now() - since;
      if (performance.now() - since > 180_000) throw new Error("derived data not built again in 3 minutes");
      await sleep(100);
    }
  };
  /** Resolves once the gateway follows derived data of this version (its release watcher). */
  const followed = async () => {
    while (api.portal.services.releases.release?.derivedVersion !== DERIVED_DATA_VERSION) await sleep(50);
  };

  /** Probe these genes and diseases, and keep every probe's first answer as the baseline. */
  const takeBaseline = async (genes: number[], diseases: string[]) => {
    probes = [
      ...genes.map((id) => ({ label: `gene ${id}`, send: graphql(GENE, { id }) })),
      ...diseases.map((hdoid) => ({ label: `disease ${hdoid}`, send: graphql(DISEASE, { hdoid }) })),
      { label: "gene search", send: graphql(SEARCH) },
      { label: "brain regions", send: () => fetch(`${api.baseUrl}/api/proteins/brain-regions?top_limit=5`) },
    ];
    baseline.clear();
    for (const { label, answer } of await answers()) {
      expect(answer, label).toMatch(/^200 /);
      expect(answer, label).not.toContain('"errors"');
      baseline.set(label, answer);
    }
  };
  /** The live release's gene ids in order, and its first 8 diseases. */
  const liveIds = async () => ({
    genes: (
      (await loader.query(`SELECT id FROM ${loader.driver.escape("gene")} ORDER BY id`)) as { id: unknown }[]
    ).map((g) => Number(g.id)),
    diseases: (
      (await loader.query(`SELECT hdoid FROM ${loader.driver.escape("disease")} ORDER BY hdoid LIMIT 8`)) as {
        hdoid: string;
      }[]
    ).map((d) => d.hdoid),
  });

  beforeAll(async () => {
    api = await startPortal(database);
    loader = await openDatabase(parseDatabaseUrl(database.url));
    expect(await marker(), "the test databases are loaded by this version").toMatchObject({
      version: DERIVED_DATA_VERSION,
    });
  }, 120_000);
  afterAll(async () => {
    await loader?.destroy();
    await api?.close();
  });

  /**
   * Each test shows the mechanism (in a running gateway, at start, at rollback, for two builds at once)
   * on a small release (the synaptome.db fixture, 200 genes) rather than the bundled one (8,087): that a
   * build runs beside answers and is switched in does not depend on its size. The bundled release is
   * kept meanwhile and put back live at the end.
   */
  describe("on a small release", () => {
    let bundled: DatasetRelease | null;

    beforeAll(async () => {
      bundled = await loadedRelease(loader);
      await loadRelease(loader, synaptomeFixtureRelease(work));
      await api.portal.services.releases.check(); // followed now, not at the next poll
      const { genes, diseases } = await liveIds();
      // DLG4 and SHANK3, the largest here too, and every 25th.
      const largest = (
        (await loader.query(
          `SELECT id FROM ${loader.driver.escape("gene")} WHERE human_name IN ('DLG4', 'SHANK3') ORDER BY id`,
        )) as { id: unknown }[]
      ).map((g) => Number(g.id));
      await takeBaseline([...largest, ...genes.filter((_, i) => i % 25 === 0)], diseases);
    }, 120_000);
    // The bundled release live again for the files after this one (the small one kept, as before).
    afterAll(async () => {
      if (loader && (await loadedRelease(loader))?.loadedAt !== bundled?.loadedAt)
        await rollbackRelease(loader);
    });

    it("a running gateway builds derived data of an older version again in the background, switches it in and answers throughout, never an error or a mix", {
      timeout: 240_000,
    }, async () => {
      const before = await marker();
      const since = performance.now();
      // As if an older builder had made the live derived data: the gateway's watcher sees the key change.
      await loader.query(`UPDATE ${loader.driver.escape("derived_data")} SET version = ?`, [
        DERIVED_DATA_VERSION - 1,
      ]);
      const {
        result: tookMs,
        rounds,
        slowestMs,
        wrong,
      } = await probeUntil(
        markerChanged(before, since).then(async (ms) => {
          await followed();
          return ms;
        }),
      );
      console.log(
        `${database.kind}: the running gateway built derived data again and switched it in ${(tookMs / 1000).toFixed(1)} s after the marker went back; ${rounds} rounds of ${probes.length} probes meanwhile, the slowest round ${slowestMs.toFixed(0)} ms`,
      );
      expect(wrong).toEqual([]);
      expect(rounds).toBeGreaterThan(1);
      // And after the switch, answered from the new build.
      const { wrong: after } = await probeUntil(sleep(1000));
      expect(after).toEqual([]);
    });

    it("a gateway that starts on derived data of an older version serves it and builds it again; one with none builds it before it turns ready", {
      timeout: 240_000,
    }, async () => {
      await api.close();
      await loader.query(`UPDATE ${loader.driver.escape("derived_data")} SET version = ?`, [
        DERIVED_DATA_VERSION - 1,
      ]);
      let before = await marker();
      let since = performance.now();
      api = await startPortal(database);
      // Ready at once on the older derived data: the build goes on in the background.
      const { result: tookMs, wrong } = await probeUntil(markerChanged(before, since));
      expect(wrong).toEqual([]);
      console.log(
        `${database.kind}: built again ${(tookMs / 1000).toFixed(1)} s after a start on an older version`,
      );

      // No derived data at all (a release loaded before it existed): nothing to serve until it is built.
      await api.close();
      for (const table of ["derived_data", "release_document"])
        await loader.query(`DELETE FROM ${loader.driver.escape(table)}`);
      before = await marker();
      since = performance.now();
      api = await startPortal(database);
      expect(await marker(), "built before the gateway turned ready").toMatchObject({
        version: DERIVED_DATA_VERSION,
      });
      console.log(
        `${database.kind}: ready after ${((performance.now() - since) / 1000).toFixed(1)} s with no derived data at start`,
      );
      for (const { label, answer } of await answers()) expect(answer, label).toBe(baseline.get(label));
    });

    it("a rollback to a release whose derived data an older version built builds it again before it goes live", {
      timeout: 240_000,
    }, async () => {
      const small = await loadedRelease(loader);
      // The bundled release back live (its derived data current: nothing to build), the small one kept.
      expect(await rollbackRelease(loader)).toMatchObject({ to: bundled?.version, rebuilt: false });
      // The kept small release, as an older builder left it: an older marker and other first rows.
      await loader.query(`UPDATE ${loader.driver.escape("derived_data__prev")} SET version = ?`, [
        DERIVED_DATA_VERSION - 1,
      ]);
      await loader.query(`UPDATE ${loader.driver.escape("list_count__prev")} SET first_all = '1,2,3'`);
      const rolledBack = await rollbackRelease(loader);
      expect(rolledBack).toMatchObject({ to: small?.version, rebuilt: true });
      expect((await loadedRelease(loader))?.loadedAt).toBe(small?.loadedAt);
      expect(await marker()).toMatchObject({ version: DERIVED_DATA_VERSION });
      await followed();
      // The gateway follows the switch within its poll; then every page reads as before.
      const deadline = performance.now() + 5000;
      let last: { label: string; answer: string }[] = [];
      while (performance.now() < deadline) {
        last = (await answers()).filter(({ label, answer }) => answer !== baseline.get(label));
        if (last.length === 0) break;
        await sleep(200);
      }
      expect(last).toEqual([]);
    });

    it("two builds at once: one builds and switches, the other finds the tables claimed or the data current", {
      timeout: 240_000,
    }, async () => {
      await api.close(); // its own keeper would be a third builder
      await loader.query(`UPDATE ${loader.driver.escape("derived_data")} SET version = ?`, [
        DERIVED_DATA_VERSION - 1,
      ]);
      const results = await Promise.allSettled([
        rebuildDerivedData(loader, "live"),
        rebuildDerivedData(loader, "live"),
      ]);
      // SQLite may refuse the second its writer lock while the first claims the tables (SQLITE_BUSY).
      expect(results.filter((r) => r.status === "fulfilled" && r.value)).toHaveLength(1);
      for (const result of results)
        if (result.status === "rejected")
          expect(String(result.reason)).toMatch(/SQLITE_BUSY|database is locked/);
      expect(await marker()).toMatchObject({ version: DERIVED_DATA_VERSION });
      const left = (await loader.query(
        loader.options.type === "mysql"
          ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE '%\\_\\_rebuild'"
          : "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%\\_\\_rebuild' ESCAPE '\\'",
      )) as unknown[];
      expect(left, "no copy left behind").toEqual([]);
      api = await startPortal(database);
      for (const { label, answer } of await answers()) expect(answer, label).toBe(baseline.get(label));
    });
  });
});
