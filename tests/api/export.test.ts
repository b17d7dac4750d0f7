import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportDefinitions } from "../../gateway/services/export.service";
import { testDatabases } from "./databases";
import { downloadOnce, type RunningPortal, sharedPortal } from "./portal";

const CHUNK_QUERY = `query Chunk($name: String!, $after: String, $first: Int!) {
  bulkExport(name: $name, after: $after, first: $first) { columns rows nextCursor } }`;

interface Chunk {
  bulkExport: { columns: string[]; rows: (string | null)[][]; nextCursor: string | null };
}

/** Read an export through GraphQL, chunk by chunk. */
async function readAll(api: RunningPortal, name: string, first: number): Promise<(string | null)[][]> {
  const rows: (string | null)[][] = [];
  let after: string | null = null;
  for (let guard = 0; guard < 10_000; guard++) {
    const response = await api.graphql<Chunk>(CHUNK_QUERY, { name, after, first });
    expect(response.body.errors).toBeUndefined();
    const chunk: Chunk["bulkExport"] = response.body.data!.bulkExport;
    rows.push(...chunk.rows);
    after = chunk.nextCursor;
    if (!after) return rows;
  }
  throw new Error("export did not end");
}

describe.each(testDatabases)("bulk CSV exports on $kind", (db) => {
  let api: RunningPortal;
  beforeAll(async () => {
    api = await sharedPortal(db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const downloads = new Map<string, string[][]>();
  /** Each CSV is downloaded once per database and reused by the checks below. */
  async function download(name: string): Promise<string[][]> {
    const cached = downloads.get(name);
    if (cached) return cached;
    const response = await downloadOnce(`${api.baseUrl}/api/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}_v0.1.0.csv"`);
    const csv = parse(response.body.toString("utf8"), {
      relax_quotes: false,
      relax_column_count: false,
    }) as string[][];
    downloads.set(name, csv);
    return csv;
  }

  it.each(exportDefinitions.map((d) => d.name))(
    "/api/%s streams a CSV whose rows match the GraphQL export",
    async (name) => {
      const [header, ...rows] = await download(name);
      const definition = exportDefinitions.find((d) => d.name === name)!;
      expect(header).toEqual(definition.columns.map((c) => c.header));
      expect(rows.length).toBeGreaterThan(0);
      const { body } = await api.graphql<Chunk>(CHUNK_QUERY, { name, after: null, first: 50 });
      const chunk = body.data!.bulkExport.rows;
      // CSV writes null as an empty cell and neutralises formula-like strings; otherwise cells are the same.
      const normalise = (cell: string | null) =>
        cell === null ? "" : /^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell) ? `'${cell}` : cell;
      expect(rows.slice(0, chunk.length)).toEqual(chunk.map((row) => row.map(normalise)));
      expect(new Set(rows.map((r) => JSON.stringify(r))).size).toBe(rows.length);
    },
  );

  it("holds the whole tables", async () => {
    const count = async (name: string) => (await download(name)).length - 1;
    expect(await count("genes")).toBe(8087);
    expect(await count("paper-genes")).toBe(70600);
    expect(await count("paper-mutations")).toBe(2716);
    expect(await count("genes-diseases")).toBe(35020);
  });

  it.each(["paper-genes", "species-regions", "genes-regions-species"])(
    "reads %s identically in small and large chunks",
    async (name) => {
      const small = await readAll(api, name, name === "species-regions" ? 7 : 997);
      const large = await readAll(api, name, 5000);
      expect(small).toEqual(large);
      expect(new Set(large.map((r) => JSON.stringify(r))).size).toBe(large.length);
    },
  );

  it("refuses unknown exports, bad cursors and oversized chunks", async () => {
    const unknown = await api.graphql(CHUNK_QUERY, { name: "passwords", after: null, first: 10 });
    expect(unknown.body.errors?.[0]?.message).toMatch(/^Unknown export 'passwords'/);
    const cursor = await api.graphql(CHUNK_QUERY, { name: "genes", after: "not-a-cursor", first: 10 });
    expect(cursor.body.errors?.[0]?.message).toBe(
      "Invalid cursor: pass the nextCursor of the previous chunk",
    );
    const big = await api.graphql(CHUNK_QUERY, { name: "genes", after: null, first: 5001 });
    expect(big.body.errors?.[0]?.message).toBe("first must be from 1 to 5000");
  });
});
