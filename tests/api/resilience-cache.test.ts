import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

/** A repeat of a cacheable JSON GET is answered from memory: the same body, no SQL. */
describe.each(testDatabases)("response cache ($kind)", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    process.env.RESPONSE_CACHE_MB = "8"; // read when the gateway is built
    api = await startPortal(db);
  });
  afterAll(async () => {
    process.env.RESPONSE_CACHE_MB = "0";
    await api?.close();
  });

  it("answers a repeat GET from memory with the same body and ETag and no SQL", async () => {
    const url = "/api/gene/search?q=DLG&pageSize=5";
    const first = await api.get(url);
    const firstBody = await first.text();
    expect(first.status).toBe(200);
    expect(Number(first.headers.get("x-sql-queries"))).toBeGreaterThan(0);
    const again = await api.get(url);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("x-sql-queries")).toBe("0");
    // Another URL is computed, not served from the cache.
    const other = await api.get("/api/gene/search?q=DLG&pageSize=6");
    expect(Number(other.headers.get("x-sql-queries"))).toBeGreaterThan(0);
  });
});
