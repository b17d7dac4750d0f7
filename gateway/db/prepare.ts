import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DataSource } from "typeorm";
import { envInt } from "../env";
import { createDataSource, type DatabaseConfig, statementTimeoutMs } from "./data-source";
import { isDatabaseUnavailable } from "./health";
import { mysqlPools, ReplicaRouter } from "./replicas";

/** A connection to the MySQL server of a database URL, no database selected: to create or drop one. */
export async function connectToMysqlServer(url: URL) {
  const mysql = await import("mysql2/promise");
  return mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
}

/** Create the SQLite folder or the MySQL database (utf8mb4) when missing. */
export async function ensureDatabaseExists(config: DatabaseConfig): Promise<void> {
  if (config.kind === "sqlite") {
    if (config.location !== ":memory:") mkdirSync(path.dirname(config.location), { recursive: true });
    return;
  }
  const url = new URL(config.location);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_]+$/.test(database))
    throw new Error("DATABASE_URL must name a database made of letters, digits and _");
  const connection = await connectToMysqlServer(url);
  try {
    await connection.query(
      `CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
    );
  } finally {
    await connection.end();
  }
}

/** Open the database and bring its schema up to date (migrations, never synchronize). */
export async function openDatabase(config: DatabaseConfig): Promise<DataSource> {
  await ensureDatabaseExists(config);
  const dataSource = createDataSource(config);
  if (config.kind === "mysql" && config.replicas?.length)
    new ReplicaRouter(dataSource, config.location, config.replicas); // routes reads; started by the gateway
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: "each" });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/**
 * Limits for serving requests (not for imports or the gateway's start-up reads, whose bulk statements may
 * run long): every MySQL connection gets a statement timeout, MariaDB's `max_statement_time` or MySQL's
 * `MAX_EXECUTION_TIME`. A statement that runs longer is stopped by the database and the request answered 503.
 * Applied just before the gateway turns ready: a whole-table read at start on a large release under load
 * must not fail readiness. SQLite has no statement timeout; its busy timeout (DB_BUSY_TIMEOUT_MS) bounds
 * waits for the writer lock.
 */
export async function applyServingLimits(dataSource: DataSource): Promise<void> {
  const timeout = statementTimeoutMs();
  if (dataSource.options.type !== "mysql" || timeout === 0) return;
  const rows = (await dataSource.query("SELECT VERSION() AS v")) as { v: string }[];
  const isMariaDb = /mariadb/i.test(String(rows[0]?.v));
  const sql = isMariaDb
    ? `SET SESSION max_statement_time = ${timeout / 1000}`
    : `SET SESSION MAX_EXECUTION_TIME = ${timeout}`;
  const limited = new WeakSet<object>();
  // mysql2 queues commands per connection, so the SET runs before the statement the connection was taken
  // for. Connections already open (the start-up reads') get it when next taken from the pool.
  const limit = (connection: { query(sql: string, done: () => void): unknown }) => {
    if (limited.has(connection)) return;
    limited.add(connection);
    connection.query(sql, () => undefined);
  };
  // The primary's pool, and each replica's when reads go to replicas.
  for (const { pool } of mysqlPools(dataSource)) pool.on("acquire", limit);
}

/**
 * Open the database, waiting for it while it is unreachable (a database container still starting, a
 * restart): retried every 2 s for up to DB_STARTUP_WAIT_MS (default 60 s). Other errors fail at once.
 */
export async function openDatabaseWhenReachable(
  config: DatabaseConfig,
  log: (message: string) => void = () => undefined,
): Promise<DataSource> {
  const deadline = Date.now() + envInt("DB_STARTUP_WAIT_MS", 60_000);
  for (;;) {
    try {
      return await openDatabase(config);
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) throw error;
      log(`database unreachable (${(error as Error).message}): retrying in 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
