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
import { exportDefinitions } from "../../gateway/services/export.service";
import { testDatabases } from "./databases";
import { downloadOnce, type RunningPortal, sharedPortal } from "./portal";

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

describe.each(testDatabases)("the Frictionless data package on $kind", (db) => {
  let api: RunningPortal;
  let descriptor: Descriptor;
  /** Each CSV as downloaded from the URL the descriptor names. */
  const files = new Map<string, Buffer>();
  let archive: Map<string, Buffer>;

  beforeAll(async () => {
    api = await sharedPortal(db);
    const response = await api.get("/api/datapackage.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    descriptor = (await response.json()) as Descriptor;
    for (const resource of descriptor.resources) {
      const file = await downloadOnce(resource.path);
      expect(file.status).toBe(200);
      files.set(resource.name, file.body);
    }
    const zip = await api.get("/api/datapackage.zip");
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe(
      'attachment; filename="synaptopathy-data-package_v0.1.0.zip"',
    );
    archive = await unzip(Buffer.from(await zip.arrayBuffer()));
    // Every file is generated three times (measured, downloaded, archived): 600,000 rows each time; the
    // download is the one tests/api/export.test.ts reads too (downloadOnce).
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
      const records = parse(bytes, { relax_quotes: false }) as string[][];
      expect(resource.rows, resource.name).toBe(records.length - 1);
    }
    expect(descriptor.resources.find((r) => r.name === "paper-genes")!.rows).toBe(70600);
  });

  it("holds its primary and foreign keys in the data", () => {
    const tables = new Map<string, Record<string, string>[]>();
    const table = (name: string) => {
      let rows = tables.get(name);
      if (!rows) {
        rows = parse(files.get(name)!, { columns: true }) as Record<string, string>[];
        tables.set(name, rows);
      }
      return rows;
    };
    let references = 0;
    for (const resource of descriptor.resources) {
      const rows = table(resource.name);
      const key = resource.schema.primaryKey;
      if (key) {
        const keys = new Set(rows.map((row) => key.map((k) => row[k]).join("\u0000")));
        expect(keys.size, `${resource.name} primary key`).toBe(rows.length);
      }
      for (const fk of resource.schema.foreignKeys ?? []) {
        const target = fk.reference.resource === "" ? resource.name : fk.reference.resource;
        const known = new Set(table(target).map((row) => row[fk.reference.fields]));
        // An empty cell is a missing value, which a foreign key allows.
        const dangling = rows
          .map((row) => row[fk.fields]!)
          .filter((value) => value !== "" && !known.has(value));
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
    for (const resource of local.resources) {
      expect(resource.path).toBe(`data/${resource.name}.csv`);
      expect(resource.hash, resource.name).toBe(`sha256:${sha256(archive.get(resource.path)!)}`);
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

  it("measures the files once per release, not per request", async () => {
    // With the measurement cached, a descriptor costs the release query and the check that the answer
    // came from one release (x-sql-queries), not the 600,000 rows of the files.
    const again = await fetch(`${api.baseUrl}/api/datapackage.json`, {
      headers: { "x-sql-stats": "1", "cache-control": "no-cache" },
    });
    expect(again.status).toBe(200);
    expect(Number(again.headers.get("x-sql-queries"))).toBeLessThanOrEqual(2);
  });
});
