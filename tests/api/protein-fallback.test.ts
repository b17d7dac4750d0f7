import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, startPortal } from "./portal";

interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
}

/** Names the local index cannot resolve; each tells the stand-in service how to answer. */
const NAMES = {
  ok: "zqxfallbackok",
  slow: "zqxfallbackslow",
  error: "zqxfallbackerror",
  garbage: "zqxfallbackgarbage",
  unknownOnly: "zqxfallbackunknown",
};
// Long enough for a busy CI machine to answer the stand-in in time; the slow answer comes well after it.
const TIMEOUT_MS = 1000;

/**
 * A real HTTP server standing in for an external protein service (MyGene.info-like answers). The
 * symbols it returns for the 'ok' name are set by the test once it knows real genes of the dataset.
 */
function startStandIn(symbols: { known: string[] }) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const name = new URL(request.url ?? "/", "http://x").searchParams.get("q") ?? "";
    requests.push(name);
    const json = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (name === NAMES.ok)
      json({ hits: [...symbols.known.map((s) => ({ symbol: s.toLowerCase() })), { symbol: "NOTAGENE1" }] });
    else if (name === NAMES.unknownOnly) json({ hits: [{ symbol: "NOTAGENE1" }, { symbol: "NOTAGENE2" }] });
    else if (name === NAMES.slow) {
      const timer = setTimeout(
        () => json({ hits: symbols.known.map((symbol) => ({ symbol })) }),
        5 * TIMEOUT_MS,
      );
      response.on("close", () => clearTimeout(timer));
    } else if (name === NAMES.error) {
      response.writeHead(500, { "content-type": "text/plain" });
      response.end("internal error");
    } else if (name === NAMES.garbage) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end("{not json");
    } else json({ hits: [] });
  });
  return new Promise<{ server: Server; port: number; requests: string[] }>((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, port: (server.address() as AddressInfo).port, requests }),
    );
  });
}

describe.each(testDatabases)("external protein lookup fallback on $kind", (db) => {
  let api: RunningPortal;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  const symbols = { known: [] as string[] };
  const saved = { url: process.env.PROTEIN_LOOKUP_URL, timeout: process.env.PROTEIN_LOOKUP_TIMEOUT_MS };

  beforeAll(async () => {
    standIn = await startStandIn(symbols);
    process.env.PROTEIN_LOOKUP_URL = `http://127.0.0.1:${standIn.port}/query?q={name}&fields=symbol`;
    process.env.PROTEIN_LOOKUP_TIMEOUT_MS = String(TIMEOUT_MS);
    try {
      api = await startPortal(db);
    } finally {
      if (saved.url === undefined) delete process.env.PROTEIN_LOOKUP_URL;
      else process.env.PROTEIN_LOOKUP_URL = saved.url;
      if (saved.timeout === undefined) delete process.env.PROTEIN_LOOKUP_TIMEOUT_MS;
      else process.env.PROTEIN_LOOKUP_TIMEOUT_MS = saved.timeout;
    }
    // Two real genes of the dataset, as the stand-in service will name them.
    const { body } = await api.json<Envelope<{ HumanName: string }[]>>("/api/gene/search?q=SHANK&pageSize=2");
    symbols.known = body.data.map((gene) => gene.HumanName);
  });
  afterAll(async () => {
    await api?.close();
    await new Promise((resolve) => standIn?.server.close(resolve));
  });

  const lookup = (name: string) =>
    api.json<Envelope<string[]> & { total: number }>(`/api/protein/lookup?name=${encodeURIComponent(name)}`);

  it("keeps only the external symbols that are genes of the dataset, in the dataset's spelling", async () => {
    expect(symbols.known).toHaveLength(2);
    const { status, body } = await lookup(NAMES.ok);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toEqual(symbols.known);
    expect(body.total).toBe(2);
    expect(standIn.requests).toContain(NAMES.ok);
  });

  it("answers through GraphQL too", async () => {
    const { body } = await api.graphql<{ proteinLookup: { genes: string[]; total: number } }>(
      "query($name: String!) { proteinLookup(name: $name) { genes total } }",
      { name: NAMES.ok },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data?.proteinLookup).toEqual({ genes: symbols.known, total: 2 });
  });

  it("adds the external lookup's genes to the gene search, marked protein-derived", async () => {
    const { body } = await api.json<
      Envelope<{ HumanName: string; match: string; protein_derived: boolean }[]> & {
        protein_lookup: { name: string; genes: string[]; total: number } | null;
        pagination: { total: number };
      }
    >(`/api/gene/search?q=${NAMES.ok}&pageSize=10`);
    expect(body.success).toBe(true);
    // Nothing else matches the made-up name: the list is the lookup's genes, in natural order.
    expect(body.data.map((g) => g.HumanName)).toEqual([...symbols.known].sort());
    expect(body.data.every((g) => g.match === "PROTEIN_LOOKUP" && g.protein_derived)).toBe(true);
    expect(body.pagination.total).toBe(2);
    expect(body.protein_lookup).toEqual({ name: NAMES.ok, genes: symbols.known, total: 2 });
  });

  it("does not ask the external service when the local index finds the protein", async () => {
    const before = standIn.requests.length;
    const { body } = await lookup(symbols.known[0]!);
    expect(body.data).toContain(symbols.known[0]);
    expect(standIn.requests.length).toBe(before);
  });

  it.each([
    ["only unknown symbols", NAMES.unknownOnly],
    ["a timeout", NAMES.slow],
    ["a 500 answer", NAMES.error],
    ["a garbage answer", NAMES.garbage],
  ])("returns the (empty) local result after %s", async (_label, name) => {
    const { status, body } = await lookup(name);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toEqual([]);
    expect(body.message).toBe(`No genes found for protein "${name}"`);
    expect(standIn.requests).toContain(name);
  });

  it("the gateway still answers after the failures", async () => {
    const { status, body } = await lookup(NAMES.ok);
    expect(status).toBe(200);
    expect(body.data).toEqual(symbols.known);
  });
});
