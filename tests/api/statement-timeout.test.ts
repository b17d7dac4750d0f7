import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import type { Envelope } from "./envelope";
import { type RunningPortal, startPortal } from "./portal";

/**
 * DB_STATEMENT_TIMEOUT_MS on MySQL/MariaDB: a statement that runs longer while serving is stopped by the
 * database and its request answered 503, but the gateway's own start-up reads (whole tables, like an
 * import's) are not limited, so a large release on a loaded machine still turns ready. Here the limit
 * is 1 ms, which every whole-table read at start passes.
 */
const mysql = testDatabases.find((db) => db.kind === "mysql");

describe.runIf(mysql)("statement timeout (MySQL)", () => {
  let api: RunningPortal;
  beforeAll(async () => {
    process.env.DB_STATEMENT_TIMEOUT_MS = "1"; // read when the gateway turns ready
    try {
      api = await startPortal(mysql!);
    } finally {
      delete process.env.DB_STATEMENT_TIMEOUT_MS;
    }
  });
  afterAll(async () => {
    await api?.close();
  });

  it("leaves the start-up reads unlimited: the gateway turns ready", async () => {
    const ready = await api.json<{ status: string }>("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe("ready");
  });

  it("stops a longer statement while serving: 503 with Retry-After in the error envelope", async () => {
    const answer = await api.json<Envelope>(STATEMENT_OVER_1_MS);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).not.toMatch(/max_statement_time|MAX_EXECUTION_TIME|at .*\.js/);
  });
});

/** A request whose SQL reads thousands of rows (well over 1 ms on any machine). */
const STATEMENT_OVER_1_MS = "/api/disease/search?q=a&pageSize=100";
