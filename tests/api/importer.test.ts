import "reflect-metadata";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDatabaseUrl } from "../../gateway/db/data-source";
import { openDatabase } from "../../gateway/db/prepare";
import { SearchIndex } from "../../gateway/search/search-index";
import { countDefaultTermSizes } from "../../gateway/services/analysis/term-sizes";
import {
  DEFAULT_TERM_SIZES,
  RELEASE_SIZES,
  readReleaseBinary,
  readReleaseDocument,
  SEARCH_INDEX,
} from "../../gateway/services/read-models/release-documents";
import { DERIVED_DATA_VERSION } from "../../gateway/services/read-models/version";
import { countReleaseSizes } from "../../gateway/services/release-size.service";
import { readSearchSource } from "../../gateway/services/search.service";
import { Gene, PaperGene } from "../../schema";
import { bundledReleaseDir, readCsvRelease } from "../../seeds/csv-release";
import { derivedDataOf, rebuildDerivedData } from "../../seeds/derived-data";
import { loadedRelease, loadRelease } from "../../seeds/loader";
import type { Release } from "../../seeds/release";
import { readSynaptomeDb } from "../../seeds/synaptome-db-release";
import { unpackSynaptomeFixture } from "./fixture-release";

const work = mkdtempSync(path.join(tmpdir(), "portal-import-"));
const fixtureCounts = JSON.parse(readFileSync(path.join(bundledReleaseDir, "dataset.json"), "utf8"))
  .fixture_counts as Record<string, number>;

/** A copy of the bundled release with one file replaced by the given CSV text. */
function releaseWith(file: string, edit: (csv: string) => string): string {
  const dir = mkdtempSync(path.join(work, "release-"));
  cpSync(bundledReleaseDir, dir, { recursive: true });
  const gz = path.join(dir, `${file}.gz`);
  const csv = gunzipSync(readFileSync(gz)).toString("utf8");
  rmSync(gz);
  writeFileSync(path.join(dir, file), edit(csv));
  return dir;
}

/** The synaptome.db fixture, unpacked into the work folder; its path. */
const writeFixture = () => unpackSynaptomeFixture(work);

async function openSqlite(name: string): Promise<DataSource> {
  return openDatabase(parseDatabaseUrl(`sqlite:${path.join(work, name)}`));
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("CSV release reader", () => {
  it("names the file and line of a malformed row", async () => {
    const dir = releaseWith("genes.csv", (csv) => {
      const lines = csv.split("\r\n");
      lines[42] = lines[42]!.replace(/^(\d+),([^,]+),(\d+)/, "$1,$2,not-a-number");
      return lines.join("\r\n");
    });
    await expect(readCsvRelease(dir)).rejects.toThrow(
      "genes.csv line 43: 'human_entrez' must be a whole number, got 'not-a-number'",
    );
  });

  it("refuses a junction row that points nowhere, before writing anything", async () => {
    const dir = releaseWith("paper_genes.csv", (csv) =>
      csv.replace(/\r\n1,10818142,/, "\r\n9999999,10818142,"),
    );
    const release = await readCsvRelease(dir);
    const db = await openSqlite("refused.sqlite");
    try {
      await expect(loadRelease(db, release)).rejects.toThrow(
        /paper_genes\.csv line \d+: geneId 9999999 does not exist/,
      );
      expect(await db.getRepository(Gene).count()).toBe(0);
      expect(await loadedRelease(db)).toBeNull();
    } finally {
      await db.destroy();
    }
  });

  it("checks row counts against dataset.json", async () => {
    const dir = releaseWith("methods.csv", (csv) => `${csv}3,Extra,Extra\r\n`);
    await expect(readCsvRelease(dir)).rejects.toThrow(
      "methods.csv: dataset.json promises 2 rows but the file has 3",
    );
  });
});

describe("loading a release", () => {
  let db: DataSource;
  /** The bundled release, read once: loading it changes nothing in it but the consensus flags it derives, the same each time. */
  let release: Release;
  beforeAll(async () => {
    db = await openSqlite("load.sqlite");
    release = await readCsvRelease(bundledReleaseDir);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // The one full load of the bundled release in this file (staging tables, derived data, the switch); the
  // other loads, forced, failing or building derived data again, are of the small synaptome.db fixture.
  it("loads every table, derives consensus flags and derived data, and skips a second identical load", {
    timeout: 240_000,
  }, async () => {
    const first = await loadRelease(db, release);
    expect(first.skipped).toBe(false);
    expect(await db.getRepository(Gene).count()).toBe(8087);
    expect(await db.getRepository(Gene).countBy({ isConsensus: true })).toBe(3421);
    expect((await db.getRepository(Gene).findOneByOrFail({ id: 2 })).paperCount).toBe(42);
    expect(await db.query("SELECT COUNT(*) AS n FROM gene_document"), "a document per gene").toEqual([
      { n: 8087 },
    ]);
    expect(await db.query("SELECT id, version FROM derived_data")).toEqual([
      { id: 1, version: DERIVED_DATA_VERSION },
    ]);
    // The search index is in parts of 4 MiB: three at the bundled release.
    const documents = (await db.query("SELECT name FROM release_document ORDER BY name")) as {
      name: string;
    }[];
    expect(documents.map((d) => d.name)).toEqual([
      "brain_region_distribution",
      "default_term_sizes",
      "release_sizes",
      "search_index.0",
      "search_index.1",
      "search_index.2",
    ]);
    const again = await loadRelease(db, release);
    expect(again).toMatchObject({ skipped: true, rebuilt: false });
    expect(await db.getRepository(PaperGene).count()).toBe(70600);
  });

  /**
   * Every row of the derived tables of the live or the kept release, in key order, as a hash of each
   * table's rows (derived_data's build time left out).
   */
  const derivedRows = async (suffix: "" | "__prev", of: DataSource = db) => {
    const rows = async (table: string, order: string, columns = "*") => {
      const read = await of.query(`SELECT ${columns} FROM "${table}${suffix}" ORDER BY ${order}`);
      return `${read.length} rows, sha256 ${createHash("sha256").update(JSON.stringify(read)).digest("hex")}`;
    };
    return {
      list_row: await rows("list_row", "list, parent, position"),
      list_count: await rows("list_count", "list, parent"),
      gene_document: await rows("gene_document", "gene_id"),
      release_document: await rows("release_document", "name"),
      derived_data: await rows("derived_data", "id", "id, version"),
    };
  };

  it("loads the same release again when forced, keeping the first with its derived data; builds again, at seed, the derived data of a release loaded before it had any, and the kept one's at rollback; the migrations make empty tables", {
    timeout: 240_000,
  }, async () => {
    const small = await openSqlite("forced.sqlite");
    try {
      const fixture = readSynaptomeDb(writeFixture());
      await loadRelease(small, fixture);
      const forced = await loadRelease(small, fixture, { force: true });
      expect(forced.skipped).toBe(false);
      expect(await small.getRepository(PaperGene).count()).toBe(fixture.rows.paperGenes.length);
      const live = await derivedRows("", small);
      const kept = await derivedRows("__prev", small);
      expect(live.gene_document, "a document per gene").toMatch(
        new RegExp(`^${fixture.rows.genes.length} rows`),
      );
      expect(await small.query("SELECT id, version FROM derived_data")).toEqual([
        { id: 1, version: DERIVED_DATA_VERSION },
      ]);
      expect(kept, "the kept release has its derived data").toEqual(live);

      // The database as a release from before derived data left it: no derived tables, then the
      // migrations that make them, run again, with nothing to build them from but empty tables.
      for (const table of ["list_row", "list_count", "gene_document", "release_document", "derived_data"])
        for (const suffix of ["", "__prev"]) await small.query(`DROP TABLE "${table}${suffix}"`);
      const making = ["ReadModels1764288000000", "ReleaseDocuments1764374400000", "DerivedData1764806400000"];
      await small.query(`DELETE FROM migrations WHERE name IN (${making.map(() => "?").join(", ")})`, making);
      expect((await small.runMigrations()).map((m) => m.name)).toEqual(making);
      for (const table of ["list_row", "list_count", "gene_document", "release_document", "derived_data"])
        expect(await small.query(`SELECT * FROM "${table}"`), table).toEqual([]);
      expect(await derivedDataOf(small, "live")).toEqual({ release: true, version: null, present: false });
      expect(await derivedDataOf(small, "kept")).toEqual({ release: true, version: null, present: false });

      const seeded = await loadRelease(small, fixture);
      expect(seeded).toMatchObject({ skipped: true, rebuilt: true });
      expect(await derivedRows("", small), "the live release's derived data, byte for byte").toEqual(live);
      // What a rollback does first: the kept release's, made again like the live tables.
      expect(await rebuildDerivedData(small, "kept")).toBe(true);
      expect(await derivedRows("__prev", small), "the kept release's").toEqual(kept);
      expect(await rebuildDerivedData(small, "kept"), "current now: not built again").toBe(false);
    } finally {
      await small.destroy();
    }
  });

  it("builds again, at seed, derived data of an older version, and leaves a newer one alone", {
    timeout: 240_000,
  }, async () => {
    const small = await openSqlite("older.sqlite");
    try {
      const fixture = readSynaptomeDb(writeFixture());
      await loadRelease(small, fixture);
      const live = await derivedRows("", small);
      expect(live.list_row, "lists to build").not.toMatch(/^0 rows/);
      // An older builder's lists: other first rows, a version before this one.
      await small.query("UPDATE list_count SET first_all = '1,2,3'");
      await small.query("UPDATE derived_data SET version = ?", [DERIVED_DATA_VERSION - 1]);
      expect(await loadRelease(small, fixture)).toMatchObject({ skipped: true, rebuilt: true });
      expect(await derivedRows("", small), "built as this version builds it").toEqual(live);

      await small.query("UPDATE derived_data SET version = ?", [DERIVED_DATA_VERSION + 1]);
      expect(await loadRelease(small, fixture)).toMatchObject({ skipped: true, rebuilt: false });
      expect((await derivedDataOf(small, "live")).version).toBe(DERIVED_DATA_VERSION + 1);
    } finally {
      await small.destroy();
    }
  });

  it("keeps nothing of a release that fails part-way: the live release is untouched", {
    timeout: 240_000,
  }, async () => {
    const live = await loadedRelease(db);
    // A duplicate primary key passes the reference checks but fails inside the paper_gene staging table
    // (of the small fixture: what is shown is that the live bundled release is untouched).
    const fixture = readSynaptomeDb(writeFixture());
    const paperGenes = [...fixture.rows.paperGenes, { ...fixture.rows.paperGenes[0]! }];
    const failing = { ...fixture, rows: { ...fixture.rows, paperGenes } };
    await expect(loadRelease(db, failing)).rejects.toThrow(
      /Loading table paper_gene failed, nothing was kept/,
    );
    expect(await db.getRepository(Gene).count()).toBe(8087);
    expect(await db.getRepository(PaperGene).count()).toBe(70600);
    expect((await loadedRelease(db))?.loadedAt).toBe(live?.loadedAt);
    const staging = (await db.query(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%\\_\\_next' ESCAPE '\\'",
    )) as unknown[];
    expect(staging).toEqual([]);
  });
});

describe("synaptome.db import", () => {
  it("imports the synaptome.db fixture with its row counts and labels its sample studies", async () => {
    const release = readSynaptomeDb(writeFixture());
    expect(release.rows.genes).toHaveLength(fixtureCounts.Gene!);
    expect(release.rows.papers).toHaveLength(fixtureCounts.Paper!);
    expect(release.rows.paperGenes).toHaveLength(fixtureCounts.PaperGene!);
    expect(release.rows.diseases).toHaveLength(fixtureCounts.Disease!);
    expect(release.rows.mutations).toHaveLength(fixtureCounts.Mutation!);
    expect(release.rows.ppis).toHaveLength(fixtureCounts.PPI!);
    expect(release.info.hasSyntheticData).toBe(true);
    const db = await openSqlite("fixture.sqlite");
    try {
      const result = await loadRelease(db, release);
      expect(result.skipped).toBe(false);
      const dlg4 = await db.getRepository(Gene).findOneByOrFail({ humanName: "DLG4" });
      expect(dlg4.humanEntrez).toBe(1742);
      expect(dlg4.isConsensus).toBe(true);
      expect(await db.getRepository(PaperGene).countBy({ isSynthetic: true })).toBeGreaterThan(0);
      expect((await loadedRelease(db))?.source).toBe("synaptome.db file synaptome-fixture.sqlite");
      // What a gateway reads at start is this release's own figures, counted over its staged tables
      // while it loaded (the live ones were still empty): equal to a count over it once live.
      expect(await readReleaseDocument(db, RELEASE_SIZES)).toEqual(await countReleaseSizes(db));
      expect(await readReleaseDocument(db, DEFAULT_TERM_SIZES)).toEqual(await countDefaultTermSizes(db));
      const snapshot = await readReleaseBinary(db, SEARCH_INDEX);
      expect(snapshot && SearchIndex.fromSnapshot(snapshot)).toStrictEqual(
        await SearchIndex.build(await readSearchSource(db)),
      );
    } finally {
      await db.destroy();
    }
  });

  it("refuses a file that is not a synaptome.db", () => {
    const file = path.join(work, "not-a-db.sqlite");
    writeFileSync(file, "hello");
    expect(() => readSynaptomeDb(file)).toThrow(/not-a-db\.sqlite: not a readable SQLite file/);
  });
});
