import path from "node:path";

/** The databases every API test runs against: embedded SQLite and a real MySQL/MariaDB. */
export interface TestDatabase {
  kind: "sqlite" | "mysql";
  url: string;
}

const root = path.resolve(__dirname, "../..");

/**
 * API test workers (vitest.config.mts). Each has a pair of databases of its own, so one worker's files
 * can change a release while the other's read theirs, and a file waiting on processes (the topology
 * run, a shutdown) leaves the other core to the other worker.
 */
export const API_WORKERS = 2;

/** The pair of worker `slot` (1..API_WORKERS): `-<slot>` after the SQLite file's name, `_<slot>` after the MySQL database's. */
export function testDatabasesOf(slot: number): TestDatabase[] {
  const sqlite = process.env.TEST_SQLITE_PATH ?? path.join(root, "data", "test-api.sqlite");
  const mysql = new URL(process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/portal_test");
  mysql.pathname = `${mysql.pathname}_${slot}`;
  return [
    { kind: "sqlite" as const, url: `sqlite:${sqlite.replace(/(\.sqlite)?$/, `-${slot}$1`)}` },
    { kind: "mysql" as const, url: mysql.toString() },
  ].filter((db) => (process.env.TEST_DATABASES ?? "sqlite,mysql").split(",").includes(db.kind));
}

/**
 * This worker's pair. Vitest numbers its live workers 1..maxWorkers (VITEST_POOL_ID), and a worker keeps
 * its number for every file it runs, so no two workers ever share a pair.
 */
export const testDatabases: TestDatabase[] = testDatabasesOf(Number(process.env.VITEST_POOL_ID ?? 1));
