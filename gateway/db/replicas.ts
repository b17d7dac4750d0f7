import type { Connection } from "mysql2/promise";
import type { DataSource, QueryRunner } from "typeorm";
import { DatasetRelease } from "../../schema";
import { envInt } from "../env";
import { isDatabaseUnavailable, isStatementTimeout } from "./health";

export type ReplicaState = "in-use" | "lagging" | "down";

/** One replica as `/readyz` reports it. */
export interface ReplicaStatus {
  /** `host:port` of the replica. */
  name: string;
  state: ReplicaState;
  /** Seconds_Behind_Master at the last check; null when not replicating or unreachable. */
  lagSeconds: number | null;
  /** Why a replica is not in use (not replicating, behind, another release, the error). */
  reason?: string;
}

/** The parts of TypeORM's MySQL driver and of mysql2's pools that reads are routed and measured through. */
interface PoolInternals {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
  on(
    event: "acquire",
    listener: (connection: { query(sql: string, done: () => void): unknown }) => void,
  ): void;
}
type PooledConnection = object & { destroy?: () => void };
interface DriverInternals {
  pool?: PoolInternals;
  poolCluster?: {
    _nodes: Record<string, { pool: PoolInternals }>;
    getConnection(id: string, done: (error: Error | null, connection: PooledConnection) => void): void;
  };
  obtainMasterConnection(): Promise<PooledConnection>;
  obtainSlaveConnection(): Promise<PooledConnection>;
  prepareDbConnection(connection: PooledConnection): PooledConnection;
  createQueryRunner(mode: "master" | "slave"): QueryRunner;
}
interface RunnerInternals {
  mode: "master" | "slave";
  databaseConnection?: PooledConnection;
  databaseConnectionPromise?: Promise<unknown>;
  isTransactionActive: boolean;
  query(...args: unknown[]): Promise<unknown>;
}

/** A MySQL pool of the data source: `primary`, or a replica by `host:port`. */
export interface NamedPool {
  name: string;
  pool: PoolInternals;
}

/** The mysql2 pools behind a data source (none for SQLite), for serving limits and metrics. */
export function mysqlPools(db: DataSource): NamedPool[] {
  const driver = db.driver as unknown as DriverInternals;
  if (driver.pool) return [{ name: "primary", pool: driver.pool }];
  const router = routers.get(db);
  return Object.entries(driver.poolCluster?._nodes ?? {}).map(([id, node]) => ({
    name: id === "MASTER" ? "primary" : (router?.nameOf(Number(id.slice("SLAVE".length))) ?? id),
    pool: node.pool,
  }));
}

const routers = new WeakMap<DataSource, ReplicaRouter>();

/** The replica router of a data source opened with replicas, or null. */
export function replicaRouterOf(db: DataSource): ReplicaRouter | null {
  return routers.get(db) ?? null;
}

const hostPort = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 3306}`;
};

/**
 * Sends reads to a healthy replica and everything else to the primary.
 *
 * TypeORM already sends query builders' SELECTs to 'slave' query runners and writes, transactions and
 * raw queries to the master; this replaces how a 'slave' connection is chosen. A background check every
 * REPLICA_CHECK_INTERVAL_MS (default 1 s; never per request) reads each replica's SHOW REPLICA STATUS
 * and its release row: a replica is used only while it replicates, is at most REPLICA_MAX_LAG_SECONDS
 * behind and serves the primary's release (so one answer never mixes two releases). Otherwise, or when
 * it cannot be reached, reads go to the primary. A read that fails because its replica just went away is
 * run again on the primary, so a replica's crash costs no request.
 */
export class ReplicaRouter {
  readonly statuses: ReplicaStatus[];
  private readonly monitors: (Connection | null)[];
  private primaryMonitor: Connection | null = null;
  private readonly replicaOf = new WeakMap<object, number>();
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private checking: Promise<void> | null = null;
  readonly maxLagSeconds = envInt("REPLICA_MAX_LAG_SECONDS", 5);
  private readonly intervalMs = envInt("REPLICA_CHECK_INTERVAL_MS", 1000);
  /** Where changes of a replica's state are reported (the gateway's logger, once it starts the checks). */
  log: (message: string) => void = () => undefined;

  constructor(
    private readonly db: DataSource,
    private readonly primaryUrl: string,
    private readonly replicaUrls: string[],
  ) {
    // Not used until the first check has found it healthy.
    this.statuses = replicaUrls.map((url) => ({
      name: hostPort(url),
      state: "down",
      lagSeconds: null,
      reason: "not checked yet",
    }));
    this.monitors = replicaUrls.map(() => null);
    routers.set(db, this);
    this.install();
  }

  nameOf(index: number): string | undefined {
    return this.statuses[index]?.name;
  }

  /** Replicas now serving reads. */
  get inUse(): string[] {
    return this.statuses.filter((s) => s.state === "in-use").map((s) => s.name);
  }

  private install(): void {
    const driver = this.db.driver as unknown as DriverInternals;
    driver.obtainSlaveConnection = () => {
      const index = this.pick();
      if (index === null || !driver.poolCluster) return driver.obtainMasterConnection();
      return new Promise((resolve) => {
        driver.poolCluster!.getConnection(`SLAVE${index}`, (error, connection) => {
          if (error) {
            this.markDown(index, error);
            resolve(driver.obtainMasterConnection());
            return;
          }
          const prepared = driver.prepareDbConnection(connection);
          this.replicaOf.set(prepared, index);
          resolve(prepared);
        });
      });
    };
    const createQueryRunner = driver.createQueryRunner.bind(driver);
    driver.createQueryRunner = (mode) => {
      const runner = createQueryRunner(mode);
      if (mode === "slave") this.retryOnPrimary(runner as unknown as RunnerInternals);
      return runner;
    };
  }

  /** A read whose replica connection was lost is run again on the primary (once, outside transactions). */
  private retryOnPrimary(runner: RunnerInternals): void {
    const query = runner.query.bind(runner);
    runner.query = async (...args: unknown[]) => {
      try {
        return await query(...args);
      } catch (error) {
        const connection = runner.databaseConnection;
        const index = connection ? this.replicaOf.get(connection) : undefined;
        if (
          index === undefined ||
          runner.isTransactionActive ||
          !isDatabaseUnavailable(error) ||
          isStatementTimeout(error)
        )
          throw error;
        this.markDown(index, error);
        connection?.destroy?.();
        runner.databaseConnection = undefined;
        runner.databaseConnectionPromise = undefined;
        runner.mode = "master";
        return query(...args);
      }
    };
  }

  /** Round robin over the replicas in use; null means the primary. */
  private pick(): number | null {
    const count = this.statuses.length;
    for (let step = 0; step < count; step++) {
      const index = (this.next + step) % count;
      if (this.statuses[index]!.state === "in-use") {
        this.next = index + 1;
        return index;
      }
    }
    return null;
  }

  private markDown(index: number, error: unknown): void {
    const status = this.statuses[index]!;
    if (status.state !== "down") this.log(`replica ${status.name} is down: reading from the primary`);
    this.statuses[index] = {
      name: status.name,
      state: "down",
      lagSeconds: null,
      reason: (error as Error).message,
    };
  }

  /** Checks at once, then every interval until stopped. */
  async start(): Promise<void> {
    await this.checkAll();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.checking = this.checkAll().finally(() => {
        this.checking = null;
        this.schedule();
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.checking;
    for (const connection of [this.primaryMonitor, ...this.monitors]) connection?.destroy();
  }

  private async checkAll(): Promise<void> {
    let primaryRelease: string | null = null;
    try {
      this.primaryMonitor ??= await this.connect(this.primaryUrl);
      primaryRelease = await this.releaseRow(this.primaryMonitor);
    } catch {
      // The primary's own outage is DatabaseHealth's business; replicas are then judged without a release.
      this.primaryMonitor?.destroy();
      this.primaryMonitor = null;
    }
    await Promise.all(this.replicaUrls.map((url, index) => this.check(url, index, primaryRelease)));
  }

  private async check(url: string, index: number, primaryRelease: string | null): Promise<void> {
    const name = this.statuses[index]!.name;
    let next: ReplicaStatus;
    try {
      this.monitors[index] ??= await this.connect(url);
      const connection = this.monitors[index];
      const lagSeconds = await this.lag(connection);
      const release = await this.releaseRow(connection);
      const reason =
        lagSeconds === null
          ? "not replicating (Seconds_Behind_Master is NULL)"
          : lagSeconds > this.maxLagSeconds
            ? `${lagSeconds} s behind (limit ${this.maxLagSeconds} s)`
            : primaryRelease !== null && release !== primaryRelease
              ? "serves another release than the primary"
              : null;
      next = reason ? { name, state: "lagging", lagSeconds, reason } : { name, state: "in-use", lagSeconds };
    } catch (error) {
      this.monitors[index]?.destroy();
      this.monitors[index] = null;
      next = { name, state: "down", lagSeconds: null, reason: (error as Error).message };
    }
    const before = this.statuses[index]!;
    if (before.state !== next.state && before.reason !== "not checked yet")
      this.log(`replica ${name}: ${before.state} → ${next.state}${next.reason ? ` (${next.reason})` : ""}`);
    this.statuses[index] = next;
  }

  private async connect(url: string): Promise<Connection> {
    const mysql = await import("mysql2/promise");
    const connection = await mysql.createConnection({ uri: url, connectTimeout: 2000 });
    connection.on("error", () => undefined); // a lost monitor connection is reopened by the next check
    return connection;
  }

  /** Seconds behind the primary; null when the server does not replicate (or its SQL thread is stopped). */
  private async lag(connection: Connection): Promise<number | null> {
    const status = await this.bounded(
      connection.query("SHOW REPLICA STATUS").catch(() => connection.query("SHOW SLAVE STATUS")) as Promise<
        [unknown, unknown]
      >,
    );
    const row = (status[0] as Record<string, unknown>[])[0];
    const seconds = row?.Seconds_Behind_Master ?? row?.Seconds_Behind_Source;
    return seconds === null || seconds === undefined ? null : Number(seconds);
  }

  /** The release row as text: equal on primary and replica when both serve the same release. */
  private async releaseRow(connection: Connection): Promise<string> {
    const table = this.db.getMetadata(DatasetRelease).tableName;
    const [rows] = (await this.bounded(connection.query(`SELECT * FROM \`${table}\` WHERE id = 1`))) as [
      unknown[],
      unknown,
    ];
    return JSON.stringify(rows[0] ?? null);
  }

  /** A check that hangs (a replica stopped mid-answer) counts as down after 2 s. */
  private bounded<T>(promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("no answer within 2 s")), 2000);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }
}
