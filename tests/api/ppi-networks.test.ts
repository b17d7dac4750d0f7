import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

interface Network {
  network: string;
  nodes: number;
  edges: number;
}

/** The expected sizes, computed from the bundled release file the test databases are seeded from. */
function networksFromRelease(): Network[] {
  const file = path.resolve(__dirname, "../../seeds/data/ppi.csv.gz");
  const rows = parse(gunzipSync(readFileSync(file)).toString("utf8"), { columns: true }) as {
    gene_a: string;
    gene_b: string;
    method: string;
  }[];
  const byNetwork = new Map<string, { edges: number; nodes: Set<string> }>();
  for (const row of rows) {
    const entry = byNetwork.get(row.method) ?? { edges: 0, nodes: new Set<string>() };
    entry.edges += 1;
    entry.nodes.add(row.gene_a);
    entry.nodes.add(row.gene_b);
    byNetwork.set(row.method, entry);
  }
  return [...byNetwork.entries()]
    .map(([network, e]) => ({ network, nodes: e.nodes.size, edges: e.edges }))
    .sort((a, b) => a.network.localeCompare(b.network));
}

describe.each(testDatabases)("PPI network sizes on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("gives nodes and edges per source network, equal to the release file", async () => {
    const expected = networksFromRelease();
    expect(expected.length).toBeGreaterThan(0);
    const { status, body } = await api.graphql<{ ppiNetworks: Network[] }>(
      "{ ppiNetworks { network nodes edges } }",
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.ppiNetworks).toEqual(expected);
  });
});
