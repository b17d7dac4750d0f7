import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "typeorm";

/** Per-request SQL statement count, so tests and benchmarks can show loaders keep round trips flat. */
export interface RequestSqlStats {
  queries: number;
}

/** The request header that asks for the count (`x-sql-stats: 1`); the answer carries `x-sql-queries`. */
export const SQL_STATS_HEADER = "x-sql-stats";

const sqlStatsStorage = new AsyncLocalStorage<RequestSqlStats>();
let countedRequests = 0;
let statementsRun = 0;

/** SQL statements this process has sent, all requests and background work alike (the metrics' count). */
export const sqlStatementsRun = () => statementsRun;

/**
 * Runs `next` with the SQL statements of what it starts counted into `stats`; call the returned
 * function once the request is over. Only requests that ask are counted: on Node 20 an
 * AsyncLocalStorage in use turns on async hooks for every promise of every request, and a cached
 * answer cost 80 µs of CPU with them against 65 without. So the storage is disabled again (hooks off)
 * whenever no counted request is in flight.
 */
export function countSql(stats: RequestSqlStats, next: () => void): () => void {
  countedRequests += 1;
  let over = false;
  sqlStatsStorage.run(stats, next);
  return () => {
    if (over) return;
    over = true;
    countedRequests -= 1;
    if (countedRequests === 0) sqlStatsStorage.disable();
  };
}

export class SqlQueryCounter implements Logger {
  logQuery(): void {
    statementsRun += 1;
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
