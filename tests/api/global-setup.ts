import "reflect-metadata";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import type { RowDataPacket } from "mysql2";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { connectToMysqlServer, ensureDatabaseExists, openDatabase } from "../../gateway/db/prepare";
import { bundledReleaseDir, readCsvRelease } from "../../seeds/csv-release";
import { loadRelease } from "../../seeds/loader";
import { API_WORKERS, type TestDatabase, testDatabasesOf } from "./databases";

/**
 * Start every run from databases holding the bundled release, one pair per API worker, each release loaded
 * once through the real importer and copied from there: the MySQL databases are copies made on the server
 * (the rows never leave it) of TEST_MYSQL_SEED when the caller has loaded one (scripts/test-all.sh, beside
 * the build), else of the first, loaded here; the SQLite files are copies of one loaded file,
 * TEST_SQLITE_SEED when the caller has loaded one already (scripts/test-all.sh: the browser tests'
 * database, loaded by `db:seed` during the build), else the first worker's.
 */
export default async function setup(): Promise<void> {
  const slots = Array.from({ length: API_WORKERS }, (_, i) => testDatabasesOf(i + 1));
  const sqlite = slots.flatMap((pair) => pair.filter((db) => db.kind === "sqlite"));
  const mysql = slots.flatMap((pair) => pair.filter((db) => db.kind === "mysql"));
  const seed = process.env.TEST_SQLITE_SEED;
  await Promise.all([
    (async () => {
      const [first, ...others] = mysql;
      if (!first) return;
      const loaded = process.env.TEST_MYSQL_SEED;
      if (loaded) await copyMysql({ kind: "mysql", url: loaded }, first);
      else await load(first);
      for (const db of others) await copyMysql(first, db);
    })(),
    (async () => {
      const [first, ...others] = sqlite;
      if (!first) return;
      if (seed && existsSync(seed)) copySqlite(seed, first);
      else await load(first);
      for (const db of others) copySqlite(parseDatabaseUrl(first.url).location, db);
    })(),
  ]);
}

/** A SQLite database's file and its write-ahead log files. */
function removeSqlite(location: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(location + suffix, { force: true });
}

function copySqlite(from: string, to: TestDatabase): void {
  const { location } = parseDatabaseUrl(to.url);
  removeSqlite(location);
  copyFileSync(from, location);
}

/** An empty database, migrated, with the bundled release loaded by the importer. */
async function load(db: TestDatabase): Promise<void> {
  const config = parseDatabaseUrl(db.url);
  if (config.kind === "sqlite") removeSqlite(config.location);
  else await dropMysql(new URL(config.location));
  // Closed before a copy is made: the last connection to close checkpoints SQLite's write-ahead log.
  const dataSource = await openDatabase(config);
  try {
    await loadRelease(dataSource, await readCsvRelease(bundledReleaseDir));
  } finally {
    await dataSource.destroy();
  }
}

async function dropMysql(url: URL): Promise<void> {
  const connection = await connectToMysqlServer(url);
  await connection.query(`DROP DATABASE IF EXISTS \`${url.pathname.slice(1)}\``);
  await connection.end();
}

/** Every table of `from` (its definition as the server shows it, keys included, then its rows) into a new `to`. */
async function copyMysql(from: TestDatabase, to: TestDatabase): Promise<void> {
  const source = new URL(parseDatabaseUrl(from.url).location).pathname.slice(1);
  const config = parseDatabaseUrl(to.url);
  const url = new URL(config.location);
  await dropMysql(url);
  await ensureDatabaseExists(config);
  const connection = await connectToMysqlServer(url);
  try {
    await connection.query(`USE \`${url.pathname.slice(1)}\``);
    // Tables are created in name order, not in the order their foreign keys need.
    await connection.query("SET foreign_key_checks = 0");
    const [tables] = await connection.query<RowDataPacket[]>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ? AND table_type = 'BASE TABLE'",
      [source],
    );
    for (const { name } of tables) {
      const [[definition]] = await connection.query<RowDataPacket[]>(
        `SHOW CREATE TABLE \`${source}\`.\`${name}\``,
      );
      await connection.query(definition!["Create Table"]);
      await connection.query(`INSERT INTO \`${name}\` SELECT * FROM \`${source}\`.\`${name}\``);
    }
  } finally {
    await connection.end();
  }
}
