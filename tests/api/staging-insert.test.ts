import "reflect-metadata";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { bundledReleaseDir, readCsvRelease } from "../../seeds/csv-release";
import { releasePlan, type StagingStep } from "../../seeds/loader";
import { stagingInsert } from "../../seeds/release-switch";
import { testDatabases } from "./databases";
import { synaptomeFixtureRelease } from "./fixture-release";

/**
 * A release load writes its rows with statements of its own (stagingInsert), not with TypeORM's insert
 * builder: they must be exactly the builder's, text and parameters, for every table of a release, on
 * both databases, from both release readers (the CSV release and a synaptome.db file).
 */
const work = mkdtempSync(path.join(tmpdir(), "portal-staging-insert-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Rows of a list in batches of at most 150: the first 600 and every 211th after them. */
function sampleBatches(list: object[]): object[][] {
  const sample = list.filter((_, index) => index < 600 || index % 211 === 0);
  const batches: object[][] = [];
  for (let start = 0; start < sample.length; start += 150) batches.push(sample.slice(start, start + 150));
  return batches;
}

function builderInsert(db: DataSource, step: StagingStep, rows: object[]): [string, unknown[]] {
  return db.manager
    .createQueryBuilder()
    .insert()
    .into(step.entity)
    .values(rows)
    .updateEntity(false)
    .getQueryAndParameters();
}

describe.each(testDatabases)("a release's staging inserts on $kind", (database) => {
  let db: DataSource;
  beforeAll(async () => {
    db = await openDatabase(parseDatabaseUrl(database.url));
  });
  afterAll(async () => {
    await db?.destroy();
  });

  const releases = {
    "the bundled CSV release": () => readCsvRelease(bundledReleaseDir),
    "the synaptome.db fixture": async () => synaptomeFixtureRelease(work),
  };

  it.each(Object.keys(releases) as (keyof typeof releases)[])(
    "are TypeORM's insert statements, text and parameters, for every table of %s",
    async (name) => {
      const plan = releasePlan(db, await releases[name]());
      let compared = 0;
      for (const step of plan) {
        for (const rows of sampleBatches(step.list)) {
          expect(stagingInsert(db.manager, step.entity, rows, "live"), step.name).toEqual(
            builderInsert(db, step, rows),
          );
          compared += rows.length;
        }
      }
      // Every table of the release took part, and so did many rows (a vacuous pass would compare none).
      expect(plan.filter((step) => step.list.length > 0).length).toBeGreaterThan(10);
      expect(compared).toBeGreaterThan(1000);
    },
  );
});
