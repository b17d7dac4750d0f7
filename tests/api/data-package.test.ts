import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
// The official Frictionless JavaScript library: its profile validation is the Data Package rules.
import { Package } from "datapackage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { exportRoutes } from "../../gateway/rest/routes/export.routes";
import { exportDefinitions } from "../../gateway/services/export.service";
import { testDatabases } from "./databases";
import { downloadOnce, type RunningPortal, sharedPortal, startPortal } from "./portal";
import { expectEqual } from "./same";

interface Field {
  name: string;
  type: string;
  description: string;
  unit?: string;
}
interface ForeignKey {
  fields: string;
  reference: { resource: string; fields: string };
}
interface Resource {
  name: string;
  path: string;
  hash: string;
  bytes: number;
  rows: number;
  schema: { fields: Field[]; primaryKey?: string[]; foreignKeys?: ForeignKey[] };
}
interface Descriptor {
  name: string;
  version: string;
  resources: Resource[];
}

/** Every entry of a zip file, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on("error", reject);
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const parsed = new Map<Buffer, string[][]>();
/**
 * A downloaded CSV's records, header first, parsed once however many checks read them (600,000 rows
 * per database): strictly, so a stray quote or a row of another length fails the parse.
 */
function records(bytes: Buffer): string[][] {
  let rows = parsed.get(bytes);
  if (!rows) {
    rows = parse(bytes, { relax_quotes: false, relax_column_count: false }) as string[][];
    parsed.set(bytes, rows);
  }
  return rows;
}
// A worker keeps its modules for its next files (isolate: false): the parsed rows go with this one.
afterAll(() => parsed.clear());

describe.each(testDatabases)("the Frictionless data package on $kind", (db) => {
  let api: RunningPortal;
  let descriptor: Descriptor;
  /** Each CSV as downloaded from the URL the descriptor names. */
  const files = new Map<string, Buffer>();
  let archive: Map<string, Buffer>;

  /** SQL statements of the first descriptor, served after the archive. */
  let descriptorStatements: number;

  beforeAll(async () => {
    api = await sharedPortal(db);
    // The archive first, on a release nobody has measured yet: it measures the files as it writes them.
    const zip = await api.get("/api/datapackage.zip");
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe(
      'attachment; filename="synaptopathy-data-package_v0.1.0.zip"',
    );
    archive = await unzip(Buffer.from(await zip.arrayBuffer()));
    const response = await api.get("/api/datapackage.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    descriptorStatements = Number(response.headers.get("x-sql-queries"));
    descriptor = (await response.json()) as Descriptor;
    for (const resource of descriptor.resources) {
      const file = await downloadOnce(resource.path);
      expect(file.status).toBe(200);
      files.set(resource.name, file.body);
    }
    // Every file is generated twice (archived, downloaded): 600,000 rows each time; the download is the
    // one the bulk export checks below read too (downloadOnce).
  }, 600_000);
  afterAll(async () => {
    await api?.close();
  });

  it("describes every bulk CSV, at the CSV path's own URL", () => {
    expect(descriptor.version).toBe("0.1.0");
    expect(descriptor.resources.map((r) => r.name)).toEqual(exportDefinitions.map((d) => d.name));
    for (const resource of descriptor.resources) {
      expect(resource.path).toBe(`${api.baseUrl}/api/${resource.name}`);
      const definition = exportDefinitions.find((d) => d.name === resource.name)!;
      expect(resource.schema.fields.map((f) => f.name)).toEqual(definition.columns.map((c) => c.header));
      // Every column is documented (column-docs.ts): no field without a description.
      for (const field of resource.schema.fields) expect(field.description, field.name).not.toBe("");
    }
    const genes = descriptor.resources.find((r) => r.name === "genes")!;
    expect(genes.schema.primaryKey).toEqual(["Gene ID"]);
    expect(genes.schema.fields.find((f) => f.name === "Studies")).toMatchObject({
      type: "integer",
      unit: "count",
    });
    expect(genes.schema.fields.find((f) => f.name === "Consensus")).toMatchObject({ type: "boolean" });
  });

  it("is a valid tabular data package by the Frictionless profiles", async () => {
    const pkg = await Package.load(descriptor);
    expect(pkg.errors.map(String)).toEqual([]);
    expect(pkg.valid).toBe(true);
    expect((pkg.descriptor as { profile: string }).profile).toBe("tabular-data-package");
    for (const resource of pkg.resources) {
      expect(resource.errors.map(String), resource.name).toEqual([]);
      expect(resource.tabular).toBe(true);
    }
    // The validator does catch a broken descriptor: a resource without a path or data.
    const broken = structuredClone(descriptor) as unknown as { resources: Record<string, unknown>[] };
    delete broken.resources[0]!.path;
    expect((await Package.load(broken)).valid).toBe(false);
  });

  it("states each file's sha256, size and row count as downloaded", () => {
    for (const resource of descriptor.resources) {
      const bytes = files.get(resource.name)!;
      expect(resource.hash, resource.name).toBe(`sha256:${sha256(bytes)}`);
      expect(resource.bytes, resource.name).toBe(bytes.length);
      expect(resource.rows, resource.name).toBe(records(bytes).length - 1);
    }
    expect(descriptor.resources.find((r) => r.name === "paper-genes")!.rows).toBe(70600);
  });

  it("holds its primary and foreign keys in the data", () => {
    /** A file's values of one field, row by row. */
    const column = (name: string, field: string) => {
      const [header, ...rows] = records(files.get(name)!);
      const at = header!.indexOf(field);
      expect(at, `${name} has a field ${field}`).toBeGreaterThanOrEqual(0);
      return rows.map((row) => row[at]!);
    };
    const targets = new Map<string, Set<string>>();
    let references = 0;
    for (const resource of descriptor.resources) {
      const key = resource.schema.primaryKey;
      if (key) {
        const values = key.map((k) => column(resource.name, k));
        const keys = new Set(values[0]!.map((_, row) => values.map((v) => v[row]).join("\u0000")));
        expect(keys.size, `${resource.name} primary key`).toBe(values[0]!.length);
      }
      for (const fk of resource.schema.foreignKeys ?? []) {
        const target = fk.reference.resource === "" ? resource.name : fk.reference.resource;
        const targetKey = `${target}\u0000${fk.reference.fields}`;
        let known = targets.get(targetKey);
        if (!known) {
          known = new Set(column(target, fk.reference.fields));
          targets.set(targetKey, known);
        }
        // An empty cell is a missing value, which a foreign key allows.
        const dangling = column(resource.name, fk.fields).filter(
          (value) => value !== "" && !known.has(value),
        );
        expect(dangling.slice(0, 5), `${resource.name}.${fk.fields} → ${target}`).toEqual([]);
        references += 1;
      }
    }
    // paper-genes alone names genes, papers, species, regions, compartments and methods.
    expect(references).toBeGreaterThan(40);
  });

  it("ships every file, byte for byte, in one archive with a local descriptor", async () => {
    const local = JSON.parse(archive.get("datapackage.json")!.toString("utf8")) as Descriptor;
    expect(local.resources.map((r) => r.name)).toEqual(descriptor.resources.map((r) => r.name));
    expect([...archive.keys()].sort()).toEqual(
      ["datapackage.json", ...descriptor.resources.map((r) => `data/${r.name}.csv`)].sort(),
    );
    for (const [i, resource] of local.resources.entries()) {
      expect(resource.path).toBe(`data/${resource.name}.csv`);
      expect(resource.hash, resource.name).toBe(`sha256:${sha256(archive.get(resource.path)!)}`);
      // The same bytes as the file's path serves (the served descriptor's hash is the download's).
      expect(resource.hash, resource.name).toBe(descriptor.resources[i]!.hash);
    }
    // The unpacked archive reads as a package: the library casts a file's values by its schema.
    const dir = mkdtempSync(path.join(tmpdir(), "datapackage-"));
    try {
      await mkdir(path.join(dir, "data"));
      for (const [name, bytes] of archive) writeFileSync(path.join(dir, name), bytes);
      const pkg = await Package.load(path.join(dir, "datapackage.json"));
      expect(pkg.valid).toBe(true);
      for (const name of [
        "genes",
        "brain-regions",
        "papers",
        "mutations",
        "papers-genes-mutations-overview",
      ]) {
        const rows = (await pkg.getResource(name).read({ keyed: true })) as Record<string, unknown>[];
        expect(rows.length, name).toBe(local.resources.find((r) => r.name === name)!.rows);
        if (name === "genes") {
          const dlg4 = rows.find((row) => row["Gene Symbol"] === "DLG4")!;
          expect(dlg4["Gene ID"]).toBe(1);
          expect(typeof dlg4.Consensus).toBe("boolean");
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("answers at a release-pinned URL, and 404 for another release", async () => {
    const pinned = await api.json<Descriptor>("/api/releases/0.1.0/datapackage.json");
    expect(pinned.status).toBe(200);
    expect(pinned.body.resources.map((r) => r.hash)).toEqual(descriptor.resources.map((r) => r.hash));
    const other = await api.json<{ success: boolean; message: string }>(
      "/api/releases/9.9.9/datapackage.json",
    );
    expect(other.status).toBe(404);
    expect(other.body).toEqual({
      success: false,
      message: "Release 9.9.9 is not served here: the portal serves release 0.1.0",
    });
    expect((await api.get("/api/releases/9.9.9/datapackage.zip")).status).toBe(404);
  });

  it("keeps what the archive measured as it wrote the files: the descriptor after it measures nothing", () => {
    // Reading the 600,000 rows again would take hundreds of statements (chunks of every export).
    expect(descriptorStatements).toBeGreaterThan(0);
    expect(descriptorStatements).toBeLessThanOrEqual(3);
  });

  it("measures the files once per release, not per request", async () => {
    // With the measurement cached, a descriptor costs the release query and the check that the answer
    // came from one release (x-sql-queries), not the 600,000 rows of the files.
    const again = await fetch(`${api.baseUrl}/api/datapackage.json`, {
      headers: { "x-sql-stats": "1", "cache-control": "no-cache" },
    });
    expect(again.status).toBe(200);
    expect(Number(again.headers.get("x-sql-queries"))).toBeLessThanOrEqual(2);
  });

  it("keeps the measurement with the release: another gateway serves it without measuring", async () => {
    // A gateway of its own on the same database (a second machine, or this one restarted): its first
    // descriptor reads the stored measurement (the release, the stored row, the one-release check).
    const other = await startPortal(db, { keepShared: true });
    try {
      const first = await other.get("/api/datapackage.json");
      expect(first.status).toBe(200);
      expect(Number(first.headers.get("x-sql-queries"))).toBeLessThanOrEqual(3);
      const served = (await first.json()) as Descriptor;
      expect(served.resources.map(({ name, hash, bytes, rows }) => ({ name, hash, bytes, rows }))).toEqual(
        descriptor.resources.map(({ name, hash, bytes, rows }) => ({ name, hash, bytes, rows })),
      );
    } finally {
      await other.close();
    }
  });
});

// The bulk CSV exports themselves, in the same file as the data package: both read the same 600,000
// rows per database (downloadOnce), which a test worker then generates once.
const CHUNK_QUERY = `query Chunk($name: String!, $after: String, $first: Int!) {
  bulkExport(name: $name, after: $after, first: $first) { columns rows nextCursor } }`;

interface Chunk {
  bulkExport: { columns: string[]; rows: (string | null)[][]; nextCursor: string | null };
}

/** CSV writes null as an empty cell and neutralises formula-like strings; otherwise cells are the same. */
const normalise = (cell: string | null) =>
  cell === null ? "" : /^[=+\-@\t\r]/.test(cell) && !/^-?\d/.test(cell) ? `'${cell}` : cell;

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

  /** Each CSV is downloaded and parsed once per database (the data package checks above read it too). */
  async function download(name: string): Promise<string[][]> {
    const response = await downloadOnce(`${api.baseUrl}/api/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}_v0.1.0.csv"`);
    return records(response.body);
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
    "reads %s identically in small chunks and in the CSV path's large ones",
    async (name) => {
      // The CSV path reads the same GraphQL export in chunks of its own size: the large chunks to compare
      // with, already downloaded (its rows are unique: the check per path above). The CSV's cells are the
      // normalised ones; a chunk's size decides which rows it holds, never a cell's value.
      const route = exportRoutes.find((r) => r.path === `/api/${name}`)!;
      const large = (route.variables({}) as { first: number }).first;
      const size = name === "species-regions" ? 7 : 997;
      expect(large).toBeGreaterThan(size);
      const small = await readAll(api, name, size);
      const [, ...rows] = await download(name);
      expect(rows.length).toBeGreaterThan(size);
      expectEqual(
        small.map((row) => row.map(normalise)),
        rows,
      );
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
