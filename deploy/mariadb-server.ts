import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startOnFreePort } from "./ports";

/** How a private server takes part in replication (none by default). */
export interface ReplicationRole {
  /** server_id, unique per server of a replication topology. */
  serverId: number;
  /** Write a binary log (a primary): replicas read it. */
  binaryLog: boolean;
}

/**
 * A private MariaDB server in a temporary data directory, on its own port, run as the current user: the
 * tests and the topology run stop, kill, restart and replicate it without touching the shared server on
 * 3306. With a role it takes part in replication (see startReplicatedMariaDb).
 */
export class MariaDbServer {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), "portal-mariadb-"));
  private process: ChildProcess | null = null;
  /** Picked when the server first starts, kept across restarts. */
  private boundPort = 0;
  private constructor(readonly role: ReplicationRole | null) {}

  get port(): number {
    return this.boundPort;
  }

  static async create(role: ReplicationRole | null = null): Promise<MariaDbServer> {
    const db = new MariaDbServer(role);
    execFileSync(
      "mariadb-install-db",
      [
        "--no-defaults",
        `--datadir=${path.join(db.dir, "data")}`,
        "--auth-root-authentication-method=normal",
        "--skip-test-db",
        `--user=${os.userInfo().username}`,
      ],
      { stdio: "ignore" },
    );
    await startOnFreePort((port) => {
      db.boundPort = port;
      return db.start();
    });
    return db;
  }

  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  /** Run one statement on a connection of its own; the rows it returns. */
  async query<T = Record<string, unknown>>(sql: string, values: unknown[] = []): Promise<T[]> {
    const mysql = await import("mysql2/promise");
    const connection = await mysql.createConnection({ host: "127.0.0.1", port: this.port, user: "root" });
    try {
      const [rows] = await connection.query(sql, values);
      return (Array.isArray(rows) ? rows : []) as T[];
    } finally {
      await connection.end();
    }
  }

  /** A global status counter (e.g. Com_select: SELECT statements this server has run). */
  async status(name: string): Promise<number> {
    const rows = await this.query<{ Value: string }>(`SHOW GLOBAL STATUS LIKE '${name}'`);
    return Number(rows[0]?.Value);
  }

  private tmpDir(): string {
    const dir = path.join(this.dir, "tmp");
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** Start mariadbd and wait until it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(
      "/usr/sbin/mariadbd",
      [
        "--no-defaults",
        `--datadir=${path.join(this.dir, "data")}`,
        `--port=${this.port}`,
        "--bind-address=127.0.0.1",
        `--socket=${path.join(this.dir, "sock")}`,
        `--pid-file=${path.join(this.dir, "pid")}`,
        // Its own folder for temporary tables: servers started side by side (two test workers) must
        // not share /tmp, where one's temporary files were seen gone under the other.
        `--tmpdir=${this.tmpDir()}`,
        `--user=${os.userInfo().username}`,
        "--skip-grant-tables",
        ...(this.role
          ? [
              `--server-id=${this.role.serverId}`,
              this.role.binaryLog ? `--log-bin=${path.join(this.dir, "binlog")}` : "--skip-log-bin",
              `--relay-log=${path.join(this.dir, "relay")}`,
              "--relay-log-recovery", // a replica killed with SIGKILL refetches what it had not applied
            ]
          : ["--skip-log-bin"]),
        "--innodb-buffer-pool-size=64M",
        "--innodb-log-file-size=32M",
        "--skip-innodb-doublewrite",
        "--innodb-flush-log-at-trx-commit=2",
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    this.process = child;
    // Its error log (stderr without --log-error), for the reason when it exits while starting.
    let errorLog = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      errorLog = (errorLog + chunk.toString()).slice(-4000);
    });
    const mysql = await import("mysql2/promise");
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`mariadbd exited with code ${child.exitCode}: ${errorLog}`);
      try {
        const connection = await mysql.createConnection({ host: "127.0.0.1", port: this.port, user: "root" });
        await connection.end();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  /** SIGTERM (a clean shutdown) or SIGKILL (a crash); waits until the process is gone. */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
    this.process = null;
  }

  /** Kill the server at once (a crash, not a clean shutdown). */
  kill(): Promise<void> {
    return this.stop("SIGKILL");
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A primary and a replica, both private MariaDB servers: the primary writes a binary log (server_id 1),
 * the replica (server_id 2) follows it by GTID from its very first event, so every database created on
 * the primary afterwards (migrations, seeding, visits) reaches the replica.
 */
export interface ReplicatedMariaDb {
  primary: MariaDbServer;
  replica: MariaDbServer;
  /** Waits until the replica has applied everything the primary has written so far. */
  waitForReplica(timeoutSeconds?: number): Promise<void>;
  /** Stop / start applying the primary's changes (STOP/START SLAVE SQL_THREAD): the replica falls behind. */
  stopReplicaSqlThread(): Promise<void>;
  startReplicaSqlThread(): Promise<void>;
  /** Kill both servers and remove their data directories. */
  destroy(): Promise<void>;
}

export async function startReplicatedMariaDb(): Promise<ReplicatedMariaDb> {
  const [primary, replica] = await Promise.all([
    MariaDbServer.create({ serverId: 1, binaryLog: true }),
    MariaDbServer.create({ serverId: 2, binaryLog: false }),
  ]);
  // MASTER_USE_GTID=slave_pos with an empty position: from the primary's first event; crash-safe, as
  // the applied position is kept in an InnoDB table. MASTER_CONNECT_RETRY=1: back within a second of a
  // primary restart.
  await replica.query(
    `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=${primary.port}, MASTER_USER='root', ` +
      "MASTER_PASSWORD='', MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1",
  );
  await replica.query("START SLAVE");
  return {
    primary,
    replica,
    async waitForReplica(timeoutSeconds = 120) {
      const [row] = await primary.query<{ pos: string }>("SELECT @@gtid_binlog_pos AS pos");
      const [wait] = await replica.query<{ done: number | null }>(
        `SELECT MASTER_GTID_WAIT('${row?.pos ?? ""}', ${timeoutSeconds}) AS done`,
      );
      if (Number(wait?.done) !== 0)
        throw new Error(`the replica did not reach the primary's ${row?.pos} in ${timeoutSeconds} s`);
    },
    async stopReplicaSqlThread() {
      await replica.query("STOP SLAVE SQL_THREAD");
    },
    async startReplicaSqlThread() {
      await replica.query("START SLAVE SQL_THREAD");
    },
    async destroy() {
      await Promise.all([replica.destroy(), primary.destroy()]);
    },
  };
}
