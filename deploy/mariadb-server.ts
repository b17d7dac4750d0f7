import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A private MariaDB server (its own data directory and port, run as the current user) that can be a
 * replication primary (binary log on) or a replica of one: the topology test stops, restarts and
 * replicates it without touching the shared server on 3306.
 */
export class MariaDbServer {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), "portal-topology-db-"));
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly role: { serverId: number; primary: boolean },
  ) {
    execFileSync(
      "mariadb-install-db",
      [
        "--no-defaults",
        `--datadir=${path.join(this.dir, "data")}`,
        "--auth-root-authentication-method=normal",
        "--skip-test-db",
        `--user=${os.userInfo().username}`,
      ],
      { stdio: "ignore" },
    );
  }

  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  /** Start mariadbd and wait until it accepts connections. */
  async start(): Promise<void> {
    const replication = this.role.primary
      ? [`--log-bin=${path.join(this.dir, "binlog")}`, "--binlog-format=ROW"]
      : ["--skip-log-bin", `--relay-log=${path.join(this.dir, "relay")}`, "--read-only"];
    const child = spawn(
      "/usr/sbin/mariadbd",
      [
        "--no-defaults",
        `--datadir=${path.join(this.dir, "data")}`,
        `--port=${this.port}`,
        "--bind-address=127.0.0.1",
        `--socket=${path.join(this.dir, "sock")}`,
        `--pid-file=${path.join(this.dir, "pid")}`,
        `--user=${os.userInfo().username}`,
        `--server-id=${this.role.serverId}`,
        ...replication,
        "--skip-grant-tables", // root without a password, replication included: loopback-only test servers
        "--innodb-buffer-pool-size=64M",
        "--innodb-log-file-size=32M",
        "--skip-innodb-doublewrite",
        "--innodb-flush-log-at-trx-commit=2",
      ],
      { stdio: "ignore" },
    );
    this.child = child;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`mariadbd on ${this.port} exited with code ${child.exitCode}`);
      try {
        await (await this.connect()).end();
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  async connect() {
    const mysql = await import("mysql2/promise");
    return mysql.createConnection({ host: "127.0.0.1", port: this.port, user: "root" });
  }

  async query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
    const connection = await this.connect();
    try {
      const [rows] = await connection.query(sql, values);
      return rows as T[];
    } finally {
      await connection.end();
    }
  }

  /** Make this server a replica of `primary` from the primary's current binary log position. */
  async replicate(primary: MariaDbServer): Promise<void> {
    const [position] = await primary.query<{ File: string; Position: number }>("SHOW MASTER STATUS");
    await this.query(
      `CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=?, MASTER_USER='root', MASTER_PASSWORD='',
       MASTER_LOG_FILE=?, MASTER_LOG_POS=?, MASTER_CONNECT_RETRY=1`,
      [primary.port, position.File, position.Position],
    );
    await this.query("START SLAVE");
  }

  /** SIGTERM (a clean shutdown) or SIGKILL (a crash); waits until the process is gone. */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  async destroy(): Promise<void> {
    await this.stop("SIGKILL");
    rmSync(this.dir, { recursive: true, force: true });
  }
}
