import { mkdirSync } from "node:fs";
import path from "node:path";
import type { DataSource } from "typeorm";
import { createDataSource, type DatabaseConfig } from "./data-source";

/** Create the SQLite folder or the MySQL database when missing. */
async function ensureDatabaseExists(config: DatabaseConfig): Promise<void> {
  if (config.kind === "sqlite") {
    if (config.location !== ":memory:") mkdirSync(path.dirname(config.location), { recursive: true });
    return;
  }
  const url = new URL(config.location);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z0-9_]+$/.test(database))
    throw new Error("DATABASE_URL must name a database made of letters, digits and _");
  const mysql = await import("mysql2/promise");
  const connection = await mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  });
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
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: "each" });
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
