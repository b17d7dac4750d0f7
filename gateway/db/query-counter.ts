import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "typeorm";

/** Per-request SQL statement count, so tests and benchmarks can show loaders keep round trips flat. */
export interface RequestSqlStats {
  queries: number;
  /** Set when the database was unreachable while serving the request (answered 503). */
  unavailable?: boolean;
}

export const sqlStatsStorage = new AsyncLocalStorage<RequestSqlStats>();

export class SqlQueryCounter implements Logger {
  logQuery(): void {
    const stats = sqlStatsStorage.getStore();
    if (stats) stats.queries += 1;
  }
  logQueryError(error: string | Error, query: string): void {
    if (process.env.LOG_SQL_ERRORS) console.error("SQL error", error, query);
  }
  logQuerySlow(time: number, query: string): void {
    console.warn(`slow query (${time} ms): ${query.slice(0, 200)}`);
  }
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    if (process.env.LOG_MIGRATIONS) console.log(message);
  }
  log(): void {}
}
