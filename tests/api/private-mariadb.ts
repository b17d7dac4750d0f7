import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A private MariaDB server in a temporary data directory, on its own port, run as the current user:
 * tests may kill and restart it without touching the shared server on 3306.
 */
export class PrivateMariaDb {
  readonly dir = mkdtempSync(path.join(os.tmpdir(), "portal-mariadb-"));
  private process: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async create(): Promise<PrivateMariaDb> {
    const db = new PrivateMariaDb(await freePort());
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
    await db.start();
    return db;
  }

  url(database: string): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
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
        `--user=${os.userInfo().username}`,
        "--skip-grant-tables",
        "--skip-log-bin",
        "--innodb-buffer-pool-size=64M",
        "--innodb-log-file-size=32M",
        "--skip-innodb-doublewrite",
        "--innodb-flush-log-at-trx-commit=2",
      ],
      { stdio: "ignore" },
    );
    this.process = child;
    const mysql = await import("mysql2/promise");
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`mariadbd exited with code ${child.exitCode}`);
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

  /** Kill the server at once (SIGKILL: a crash, not a clean shutdown) and wait for it to be gone. */
  async kill(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    this.process = null;
  }

  async destroy(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
