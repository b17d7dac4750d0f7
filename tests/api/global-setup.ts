import "reflect-metadata";
import { copyFileSync, rmSync } from "node:fs";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { connectToMysqlServer, openDatabase } from "../../gateway/db/prepare";
import { bundledReleaseDir, readCsvRelease } from "../../seeds/csv-release";
import { loadRelease } from "../../seeds/loader";
import type { Release } from "../../seeds/release";
import { API_WORKERS, type TestDatabase, testDatabasesOf } from "./databases";

/**
 * Start every run from empty databases, migrated and seeded through the real importer: one pair per API
 * worker. The MySQL databases load side by side (the server does most of that work); the first SQLite
 * file is loaded and the others are copies of it.
 */
export default async function setup(): Promise<void> {
  const release = await readCsvRelease(bundledReleaseDir);
  const slots = Array.from({ length: API_WORKERS }, (_, i) => testDatabasesOf(i + 1));
  const sqlite = slots
    .map((pair) => pair.find((db) => db.kind === "sqlite"))
    .filter((db) => db !== undefined);
  const mysql = slots.flatMap((pair) => pair.filter((db) => db.kind === "mysql"));
  await Promise.all([
    ...mysql.map((db) => recreate(db, release)),
    (async () => {
      const [first, ...others] = sqlite;
      if (!first) return;
      await recreate(first, release);
      for (const db of others) {
        removeSqlite(db);
        copyFileSync(parseDatabaseUrl(first.url).location, parseDatabaseUrl(db.url).location);
      }
    })(),
  ]);
}

function removeSqlite(db: TestDatabase): void {
  const { location } = parseDatabaseUrl(db.url);
  for (const suffix of ["", "-wal", "-shm"]) rmSync(location + suffix, { force: true });
}

async function recreate(db: TestDatabase, release: Release): Promise<void> {
  const config = parseDatabaseUrl(db.url);
  if (config.kind === "sqlite") removeSqlite(db);
  else {
    const url = new URL(config.location);
    const connection = await connectToMysqlServer(url);
    await connection.query(`DROP DATABASE IF EXISTS \`${url.pathname.slice(1)}\``);
    await connection.end();
  }
  // Closed before a copy is made: the last connection to close checkpoints SQLite's write-ahead log.
  const dataSource = await openDatabase(config);
  try {
    await loadRelease(dataSource, release);
  } finally {
    await dataSource.destroy();
  }
}
