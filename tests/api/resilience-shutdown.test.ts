import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startOnFreePort } from "../../deploy/ports";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { testDatabases } from "./databases";

/**
 * Graceful shutdown of the production build: SIGTERM turns /readyz to 503 at once, the gateway serves on
 * for DRAIN_DELAY_MS, then refuses new connections, lets large CSV downloads in flight finish completely,
 * writes the visits it acknowledged, and exits with code 0.
 */
const root = path.resolve(__dirname, "../..");
const main = path.join(root, "dist", "gateway", "main.js");

/** A GET on a connection of its own (no keep-alive pool), paused until `resume` is called. */
function pausedGet(url: string) {
  return new Promise<{ status: number; resume: () => Promise<string> }>((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.pause();
      resolve({
        status: response.statusCode ?? 0,
        resume: () =>
          new Promise<string>((done, fail) => {
            const chunks: Buffer[] = [];
            response.on("data", (c: Buffer) => chunks.push(c));
            response.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
            response.on("error", fail);
            response.resume();
          }),
      });
    });
    request.on("error", reject);
  });
}

/** The test starts a built gateway and reads 7 MB downloads: minutes on a machine under load. */
const GATEWAY_TEST_TIMEOUT_MS = 180_000;
/** Long enough for the requests the drain test sends during the delay, even on a loaded machine. */
const DRAIN_DELAY_MS = 6_000;

/** The largest bulk export (~7 MB on the bundled release). */
const LARGEST_EXPORT = "/api/full-gene-full-paper-full-region";

/** About the most one loopback connection holds in flight: the sender's largest send buffer plus twice the
 * receiver's initial receive buffer (a paused reader gives autotuning little reason to grow it). */
function kernelBufferLimit(): number {
  const field = (file: string, index: number) =>
    Number(readFileSync(file, "utf8").trim().split(/\s+/)[index]);
  return field("/proc/sys/net/ipv4/tcp_wmem", 2) + 2 * field("/proc/sys/net/ipv4/tcp_rmem", 1);
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(`http://127.0.0.1:${port}/healthz`, { agent: false }, (response) => {
      response.resume();
      resolve(true);
    });
    request.on("error", () => resolve(false));
  });
}

describe.each(testDatabases)("graceful shutdown of the built gateway ($kind)", (db) => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    if (child && child.exitCode === null) child.kill("SIGKILL");
  });

  /** The built gateway on a free port, ready; `exited` resolves with its exit code. */
  async function startGateway(env: Record<string, string> = {}) {
    expect(existsSync(main), "dist/gateway/main.js is missing: run npm run build first").toBe(true);
    return startOnFreePort(async (port) => {
      const started = spawn(process.execPath, [main], {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_LEVEL: "warn",
          ...env,
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      // Why it exited while starting (a port taken meanwhile is retried on another).
      let stderr = "";
      started.stderr?.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      child = started;
      const exited = new Promise<number | null>((resolve) => started.once("exit", (code) => resolve(code)));
      const base = `http://127.0.0.1:${port}`;
      for (let i = 0; ; i++) {
        const ready = await fetch(`${base}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ready) break;
        if (started.exitCode !== null) throw new Error(`the gateway exited while starting: ${stderr}`);
        if (i > 600) throw new Error("the gateway did not become ready");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { port, base, exited, process: started };
    });
  }

  // One gateway for every subject of the close (each start loads the release, and each test read the
  // largest export again): the drain, downloads in flight finished, a client that abandoned a download
  // not waited for, new connections refused, the acknowledged visits written, exit 0.
  it(
    "drains on SIGTERM (readyz 503 at once, serving on for DRAIN_DELAY_MS), then refuses new connections, finishes in-flight downloads without waiting for abandoned ones, writes the visits and exits 0",
    async () => {
      const { port, base, exited } = await startGateway({
        DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
        SHUTDOWN_TIMEOUT_MS: "120000",
      });
      const visitorId = `drain-${db.kind}-${Date.now()}`;
      let acknowledged = 0;
      const visit = async () => {
        const response = await fetch(`${base}/api/stats/record-visit`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ path: "/drain-test", visitorId }),
        });
        await response.arrayBuffer();
        if (response.status === 200) acknowledged += 1;
        return response.status;
      };
      const reference = await (await fetch(`${base}${LARGEST_EXPORT}`)).text();
      const rows = reference.trim().split("\n").length - 1;
      expect(rows).toBeGreaterThan(1000);
      // A paused reader holds a download back only if it is larger than what the kernel buffers for one
      // loopback connection; a smaller one is written out at once and no longer in flight.
      expect(Buffer.byteLength(reference)).toBeGreaterThan(kernelBufferLimit());

      // Two downloads in flight, held back by their (paused) readers, so the server cannot finish them yet.
      const inFlight = await Promise.all([
        pausedGet(`${base}${LARGEST_EXPORT}`),
        pausedGet(`${base}${LARGEST_EXPORT}`),
      ]);
      expect(inFlight.map((r) => r.status)).toEqual([200, 200]);
      // Two downloads abandoned: fetch (undici) keeps its socket after reader.cancel(); Node then counts
      // that connection as busy, and a graceful close would wait for SHUTDOWN_TIMEOUT_MS and exit 1.
      await Promise.all(
        [0, 1].map(async () => {
          const reader = (await fetch(`${base}/api/paper-genes`)).body!.getReader();
          for (let bytes = 0; bytes < 200_000; ) {
            const { done, value } = await reader.read();
            if (done) throw new Error("the download ended before it was abandoned");
            bytes += value.byteLength;
          }
          await reader.cancel();
        }),
      );
      for (let i = 0; i < 5; i++) expect(await visit()).toBe(200);

      const signalled = Date.now();
      child!.kill("SIGTERM");
      // Readiness fails at once, so a proxy stops routing here...
      let readiness = { status: 200, body: {} as Record<string, unknown> };
      while (readiness.status === 200 && Date.now() - signalled < 3000) {
        const response = await fetch(`${base}/readyz`);
        readiness = { status: response.status, body: (await response.json()) as Record<string, unknown> };
      }
      expect(readiness.status).toBe(503);
      expect(readiness.body).toMatchObject({ status: "draining", replicas: [] });
      expect(Date.now() - signalled).toBeLessThan(3000);
      // ...while requests that still arrive during the delay are answered, on connections it then closes.
      const during = await fetch(`${base}/api/gene/search?q=DLG&pageSize=3`);
      expect(during.status).toBe(200);
      expect(during.headers.get("connection")).toBe("close");
      await during.arrayBuffer();
      for (let i = 0; i < 3; i++) expect(await visit()).toBe(200);
      expect(Date.now() - signalled, "still within the drain delay").toBeLessThan(DRAIN_DELAY_MS);

      // After the delay: no new connection (polled: the machine may be busy); the paused downloads are
      // still in flight.
      let refused = false;
      for (let i = 0; i < 100 && !refused; i++) {
        refused = !(await connects(port));
        if (!refused) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(refused, "a new connection after the drain delay is refused").toBe(true);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_DELAY_MS);
      expect(child!.exitCode, "the gateway waits for its in-flight responses").toBeNull();

      const downloads = await Promise.all(inFlight.map((r) => r.resume()));
      expect(downloads).toEqual([reference, reference]);
      // Once they are read, it exits at once: the abandoned connections are not waited for.
      const finished = Date.now();
      expect(await exited).toBe(0);
      expect(Date.now() - finished).toBeLessThan(10_000);

      // Every acknowledged visit was written before the exit.
      const database = await openDatabase(parseDatabaseUrl(db.url));
      try {
        const rows = (await database.query("SELECT COUNT(*) AS n FROM visit WHERE visitor_id = ?", [
          visitorId,
        ])) as { n: number | string }[];
        expect(acknowledged).toBe(8);
        expect(Number(rows[0]?.n)).toBe(acknowledged);
      } finally {
        await database.destroy();
      }
    },
    GATEWAY_TEST_TIMEOUT_MS,
  );
});
