import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayProcess } from "../../deploy/gateway-process";
import { type RunningNginx, startNginx } from "../../deploy/nginx";
import { testDatabases } from "./databases";

const WRITE_LIMIT = 5;
const webDist = path.resolve(__dirname, "../../web/dist");

// deploy/nginx.conf in front of two gateway processes (dist/gateway/main.js, as production runs them).
describe.each(testDatabases)("nginx in front of two gateways on $kind", (db) => {
  const stateDir = mkdtempSync(path.join(os.tmpdir(), "portal-nginx-"));
  let gateways: GatewayProcess[] = [];
  let nginx: RunningNginx;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: db.url,
      TRUST_PROXY: "127.0.0.1",
      WRITE_RATE_LIMIT_PER_MINUTE: String(WRITE_LIMIT),
    };
    gateways = [new GatewayProcess(env), new GatewayProcess(env)];
    await Promise.all(gateways.map((gateway) => gateway.start()));
    nginx = await startNginx({
      gateways: gateways.map((gateway) => gateway.address),
      webDist,
      stateDir,
    });
  });
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(gateways.map((gateway) => gateway.stop()));
    rmSync(stateDir, { recursive: true, force: true });
  });

  const logged = () => gateways.flatMap((gateway) => gateway.logLines);
  /** The gateways' log lines that match, once there are `count` of them (their stdout arrives a little later). */
  const loggedLines = async (match: (line: string) => boolean, count: number) => {
    const deadline = Date.now() + 5000;
    let lines = logged().filter(match);
    while (lines.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      lines = logged().filter(match);
    }
    return lines;
  };

  it("keys the write limit on the address nginx saw, whatever X-Forwarded-For the client sends", async () => {
    // Each gateway counts on its own: 2 × limit + 2 writes from one client must exceed it on one of them.
    const statuses: number[] = [];
    const requestIds: string[] = [];
    for (let i = 0; i < 2 * WRITE_LIMIT + 2; i += 1) {
      const response = await fetch(`${nginx.baseUrl}/api/stats/record-visit`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i + 1}` },
        body: JSON.stringify({ path: `/proxy-test/${i}`, visitorId: `proxy-${db.kind}-${Date.now()}` }),
      });
      statuses.push(response.status);
      requestIds.push(response.headers.get("x-request-id") ?? "");
      await response.arrayBuffer();
    }
    // Keyed on a spoofed X-Forwarded-For (a new address each time), no write would be refused.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    // The gateways logged each of these requests once, under the proxy's id, with the status it got.
    const isAccess = (line: string) =>
      line.includes('"msg":"request"') && requestIds.some((id) => line.includes(`"reqId":"${id}"`));
    const access = (await loggedLines(isAccess, requestIds.length))
      .map((line) => JSON.parse(line) as { reqId: string; status: number })
      .filter((entry) => requestIds.includes(entry.reqId));
    expect(access).toHaveLength(requestIds.length);
    expect(requestIds.map((id) => access.find((entry) => entry.reqId === id)?.status)).toEqual(statuses);
  });

  it("passes its request id to the gateway, which logs the request under it", async () => {
    const response = await fetch(`${nginx.baseUrl}/api/disease-classifications`);
    expect(response.status).toBe(200);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    const lines = await loggedLines((line) => line.includes(`"reqId":"${requestId}"`), 1);
    expect(lines.map((line) => JSON.parse(line) as { msg: string; route: string; status: number })).toEqual([
      expect.objectContaining({ msg: "request", route: "/api/disease-classifications", status: 200 }),
    ]);
    expect(nginx.accessLog()).toContain(`id=${requestId}`);
  });

  it("serves hashed assets from disk with a year of immutable caching", async () => {
    const asset = readdirSync(path.join(webDist, "assets")).find((name) => name.endsWith(".js"));
    expect(asset).toBeDefined();
    const response = await fetch(`${nginx.baseUrl}/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-type")).toContain("javascript");
    expect((await response.text()).length).toBeGreaterThan(0);
  });

  it("answers a repeated release-bound GET from its cache, but never live counters", async () => {
    const url = `${nginx.baseUrl}/api/gene/search?q=SHANK&proxy=${db.kind}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toContain("public");
    expect(first.headers.get("x-cache-status")).toBe("MISS");
    const firstBody = await first.text();
    const second = await fetch(url);
    expect(second.headers.get("x-cache-status")).toBe("HIT");
    expect(await second.text()).toBe(firstBody);

    for (let i = 0; i < 2; i += 1) {
      const counters = await fetch(`${nginx.baseUrl}/api/stats/visits`);
      expect(counters.status).toBe(200);
      expect(counters.headers.get("cache-control")).toBe("no-store");
      expect(counters.headers.get("x-cache-status")).toBeNull();
      await counters.arrayBuffer();
    }
    expect(nginx.accessLog()).not.toMatch(/"GET \/api\/stats\/visits[^"]*" 200 \d+ \S+ \S+ \S+ cache=HIT/);
  });

  it("does not expose the gateways' /metrics", async () => {
    for (const suffix of ["/metrics", "/metrics?format=text"]) {
      const response = await fetch(nginx.baseUrl + suffix);
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
  });
});
