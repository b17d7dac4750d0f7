import type { DataSource } from "typeorm";

/** Error codes that mean "the database cannot answer now" (down, restarting, overloaded), not a bad query. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_TOO_MANY_USER_CONNECTIONS",
  "ER_LOCK_WAIT_TIMEOUT",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
]);

/** Statement timeouts: MariaDB max_statement_time (1969), MySQL MAX_EXECUTION_TIME (3024). */
const TIMEOUT_ERRNOS = new Set([1969, 3024]);
const UNAVAILABLE_ERRNOS = new Set([1040, 1053, 2002, 2003, 2006, 2013, 1205]);

const UNAVAILABLE_MESSAGES = [
  /connection is in closed state/i,
  /pool is closed/i,
  /queue limit reached/i,
  /can't add new command when connection is in closed state/i,
  /connection lost/i,
];

/** The error that caused this one: GraphQL and TypeORM wrap driver errors. */
function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    chain.push(current);
    const next =
      (current as { originalError?: unknown }).originalError ??
      (current as { driverError?: unknown }).driverError ??
      (current as { cause?: unknown }).cause;
    if (next === current) break;
    current = next;
  }
  return chain;
}

/** A statement stopped by the database's statement timeout (DB_STATEMENT_TIMEOUT_MS). */
export function isStatementTimeout(error: unknown): boolean {
  return causes(error).some((e) => {
    const errno = (e as { errno?: number }).errno;
    return typeof errno === "number" && TIMEOUT_ERRNOS.has(errno);
  });
}

/** The connection pool's wait queue is full (DB_POOL_QUEUE_LIMIT). */
export function isPoolQueueFull(error: unknown): boolean {
  return causes(error).some((e) => /queue limit reached/i.test(String((e as Error)?.message)));
}

/** Whether an error means the database is unreachable or cannot serve now (answered 503, retried). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some((e) => {
    const { code, errno, message } = e as { code?: unknown; errno?: unknown; message?: unknown };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof errno === "number" && (UNAVAILABLE_ERRNOS.has(errno) || TIMEOUT_ERRNOS.has(errno)))
      return true;
    return typeof message === "string" && UNAVAILABLE_MESSAGES.some((p) => p.test(message));
  });
}

/** Seconds a client should wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Tracks whether the database answers. A request that fails because the database is unreachable marks
 * it down; from then on data requests are answered 503 at once (no connection attempt per request) and
 * a probe runs `SELECT 1` every `probeIntervalMs` until it answers, then the portal serves again and
 * writes what it buffered meanwhile (visits, counters). No restart is needed.
 */
export class DatabaseHealth {
  private down = false;
  private probe: NodeJS.Timeout | null = null;
  private stopped = false;
  downSince: number | null = null;

  constructor(
    private readonly dataSource: () => DataSource | null,
    private readonly onRecovered: () => Promise<void> | void,
    private readonly probeIntervalMs = Number(process.env.DB_PROBE_INTERVAL_MS ?? 1000),
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  /** Note a failed request; returns whether the failure was the database being unavailable. */
  report(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    // A statement timeout or a full pool queue is overload, not an outage: 503 for that request only.
    if (isStatementTimeout(error) || isPoolQueueFull(error)) return true;
    if (!this.down && !this.stopped) {
      this.down = true;
      this.downSince = Date.now();
      this.log(`database unavailable (${(error as Error).message}): answering 503 until it is back`);
      this.schedule();
    }
    return true;
  }

  private schedule(): void {
    if (this.probe || this.stopped) return;
    this.probe = setTimeout(() => {
      this.probe = null;
      void this.check();
    }, this.probeIntervalMs);
    this.probe.unref();
  }

  private async check(): Promise<void> {
    const db = this.dataSource();
    try {
      if (!db) throw new Error("not open");
      await db.query("SELECT 1");
      this.down = false;
      this.log(`database is back after ${Date.now() - (this.downSince ?? Date.now())} ms`);
      this.downSince = null;
      await this.onRecovered();
    } catch {
      this.schedule();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.probe) clearTimeout(this.probe);
    this.probe = null;
  }
}
