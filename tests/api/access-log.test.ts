import { afterAll, describe, expect, it } from "vitest";
import { GatewayProcess } from "../../deploy/gateway-process";
import { testDatabases } from "./databases";

/**
 * The access log of the built gateway as `npm start` runs it (no LOG_LEVEL): one JSON line per request,
 * written asynchronously and all of it out by the time the process has exited. The log does not depend
 * on the database, so one of them is enough.
 */
const db = testDatabases[0];

interface AccessLine {
  level: number;
  reqId: string;
  method: string;
  url: string;
  route?: string;
  status: number;
  ms: number;
  msg: string;
}

const parse = (lines: string[]) =>
  lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as AccessLine];
    } catch {
      return [];
    }
  });

/** The gateway's answer replays so far (answer-replay.ts), from its metrics. */
const replays = async (gateway: GatewayProcess) =>
  Number(
    /^portal_answer_replays_total (\d+)$/m.exec(
      await (await fetch(`${gateway.baseUrl}/metrics`)).text(),
    )?.[1],
  );

/**
 * A cached GET three times (computed, the answer cache's hit, replayed), a burst of replays, a 404, then
 * a graceful stop; the lines each URL got, read after the process exited.
 */
async function run(env: Record<string, string>) {
  const gateway = new GatewayProcess({
    DATABASE_URL: db.url,
    RESPONSE_CACHE_MB: "8",
    DRAIN_DELAY_MS: "0",
    ...env,
  });
  stopLater.push(gateway);
  await gateway.start();
  const cached = `/api/gene/search?q=DLG4&log=${Date.now()}`;
  const missing = `/api/no-such-route-${Date.now()}`;
  const get = async (url: string) => {
    const response = await fetch(gateway.baseUrl + url);
    await response.arrayBuffer();
    return response.status;
  };
  for (let i = 0; i < 2; i += 1) expect(await get(cached)).toBe(200);
  const replaysBefore = await replays(gateway);
  expect(await get(cached)).toBe(200);
  const burst = 200;
  const statuses = await Promise.all(Array.from({ length: burst }, () => get(cached)));
  expect(statuses.every((status) => status === 200)).toBe(true);
  const replayed = (await replays(gateway)) - replaysBefore;
  expect(await get(missing)).toBe(404);
  expect(await gateway.stop()).toBe(0);
  const lines = parse(gateway.logLines);
  return {
    requests: 3 + burst,
    replayed,
    lines,
    cachedLines: lines.filter((line) => line.url === cached),
    missingLines: lines.filter((line) => line.url === missing),
  };
}

const stopLater: GatewayProcess[] = [];
afterAll(async () => {
  await Promise.all(stopLater.map((gateway) => gateway.stop("SIGKILL")));
});

describe(`access log of the built gateway (${db.kind})`, () => {
  it("writes one line per request at the default level, replayed answers and 404s included, all of it by exit", async () => {
    const { requests, replayed, lines, cachedLines, missingLines } = await run({});
    // The repeats were replayed before Fastify saw them, and still logged.
    expect(replayed).toBe(requests - 2);
    expect(cachedLines).toHaveLength(requests);
    for (const line of cachedLines)
      expect(line).toMatchObject({
        level: 30,
        msg: "request",
        method: "GET",
        route: "/api/gene/search",
        status: 200,
        reqId: expect.stringMatching(/^req-[0-9a-z]+$/),
        ms: expect.any(Number),
      });
    expect(missingLines).toHaveLength(1);
    expect(missingLines[0]).toMatchObject({
      msg: "request",
      method: "GET",
      status: 404,
      ms: expect.any(Number),
    });
    // Every request's id once; none of Fastify's two lines per request.
    const ids = lines.filter((line) => line.msg === "request").map((line) => line.reqId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(lines.some((line) => line.msg === "incoming request" || line.msg === "request completed")).toBe(
      false,
    );
    expect(lines.at(-1)?.msg).toBe("closed cleanly");
  }, 120_000);

  it("writes no access lines at LOG_LEVEL=warn, and replays as before", async () => {
    const { requests, replayed, lines } = await run({ LOG_LEVEL: "warn" });
    expect(replayed).toBe(requests - 2);
    expect(lines.filter((line) => line.msg === "request")).toEqual([]);
  }, 120_000);
});
