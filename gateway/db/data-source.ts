import "reflect-metadata";
import path from "node:path";
import { DataSource, type DataSourceOptions } from "typeorm";
import { migrations } from "../../migrations";
import { entities } from "../../schema";
import { envInt } from "../env";
import { SqlQueryCounter } from "./query-counter";

export type DatabaseKind = "mysql" | "sqlite";

export interface DatabaseConfig {
  kind: DatabaseKind;
  /** File path for SQLite, connection URL for MySQL. */
  location: string;
  /** MySQL read replicas (DATABASE_REPLICA_URLS): reads go to a healthy one, writes to `location`. */
  replicas?: string[];
}

/** The project root, whether running from source (tests) or from dist/. */
export const projectRoot = path.resolve(
  __dirname,
  __dirname.includes(`${path.sep}dist${path.sep}`) ? "../../.." : "../..",
);

export const defaultSqlitePath = path.join(projectRoot, "data", "portal.sqlite");

/** DATABASE_URL: `mysql://user:pass@host:port/db`, `sqlite:path`; unset means the embedded SQLite file. */
export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (!url || url.trim() === "") return { kind: "sqlite", location: defaultSqlitePath };
  const value = url.trim();
  if (value.startsWith("mysql://") || value.startsWith("mariadb://")) {
    return { kind: "mysql", location: value.replace(/^mariadb:/, "mysql:") };
  }
  if (value.startsWith("sqlite:")) {
    const file = value.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (file === "")
      throw new Error("DATABASE_URL sqlite: needs a file path, e.g. sqlite:data/portal.sqlite");
    return { kind: "sqlite", location: file === ":memory:" ? file : path.resolve(projectRoot, file) };
  }
  throw new Error(`DATABASE_URL must start with mysql:// or sqlite: (got '${value.split(":")[0]}:')`);
}

/** DATABASE_REPLICA_URLS: comma-separated MySQL URLs of read replicas of DATABASE_URL's database. */
export function parseReplicaUrls(value: string | undefined): string[] {
  const urls = (value ?? "")
    .split(",")
    .map((url) => url.trim())
    .filter((url) => url !== "");
  return urls.map((url) => {
    if (!/^(mysql|mariadb):\/\//.test(url))
      throw new Error(`DATABASE_REPLICA_URLS must list mysql:// URLs (got '${url.split(":")[0]}:')`);
    return url.replace(/^mariadb:/, "mysql:");
  });
}

/** Longest a single SQL statement may run while serving (0 = no limit); applied per MySQL connection. */
export const statementTimeoutMs = () => envInt("DB_STATEMENT_TIMEOUT_MS", 10_000);

export function createDataSource(config: DatabaseConfig): DataSource {
  const replicas = config.kind === "mysql" ? (config.replicas ?? []) : [];
  const common = {
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    logger: new SqlQueryCounter(),
  } as const;
  const options: DataSourceOptions =
    config.kind === "mysql"
      ? {
          ...common,
          type: "mysql",
          ...(replicas.length === 0
            ? { url: config.location }
            : {
                // TypeORM sends query builders' SELECTs to 'slave' runners and everything else (writes,
                // transactions, raw queries) to the master; gateway/db/replicas.ts picks which replica.
                replication: {
                  master: { url: config.location },
                  slaves: replicas.map((url) => ({ url })),
                  defaultMode: "slave" as const,
                  // The replica monitor decides when a replica is out, not mysql2's error count.
                  canRetry: false,
                  removeNodeErrorCount: Number.MAX_SAFE_INTEGER,
                },
              }),
          charset: "utf8mb4_unicode_ci",
          poolSize: envInt("DB_POOL_SIZE", 10),
          supportBigNumbers: true,
          bigNumberStrings: false,
          extra: {
            connectTimeout: envInt("DB_CONNECT_TIMEOUT_MS", 10_000),
            // Requests waiting for a connection beyond this are refused (503) instead of piling up.
            queueLimit: envInt("DB_POOL_QUEUE_LIMIT", 10_000),
          },
        }
      : {
          ...common,
          type: "better-sqlite3",
          database: config.location,
          // WAL lets readers proceed while visits are written.
          enableWAL: true,
          prepareDatabase: (db: { pragma: (s: string) => unknown }) => {
            db.pragma(`busy_timeout = ${envInt("DB_BUSY_TIMEOUT_MS", 5000)}`);
            db.pragma("synchronous = NORMAL");
          },
        };
  return new DataSource(options);
}
