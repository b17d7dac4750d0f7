import "reflect-metadata";
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
import { countReleaseSizes } from "../../gateway/services/release-size.service";
import { readSearchSource } from "../../gateway/services/search.service";
import { ListHeads1764720000000 } from "../../migrations/1764720000000-list-heads";
import { Gene, PaperGene } from "../../schema";
import { bundledReleaseDir, readCsvRelease } from "../../seeds/csv-release";
import { loadedRelease, loadRelease } from "../../seeds/loader";
import { readSynaptomeDb } from "../../seeds/synaptome-db-release";

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
  beforeAll(async () => {
    db = await openSqlite("load.sqlite");
  });
  afterAll(async () => {
    await db?.destroy();
  });

  // Two full loads of the bundled release (staging tables, then the switch): minutes on a busy machine.
  it("loads every table, derives consensus flags, and skips a second identical load", {
    timeout: 240_000,
  }, async () => {
    const release = await readCsvRelease(bundledReleaseDir);
    const first = await loadRelease(db, release);
    expect(first.skipped).toBe(false);
    expect(await db.getRepository(Gene).count()).toBe(8087);
    expect(await db.getRepository(Gene).countBy({ isConsensus: true })).toBe(3421);
    expect((await db.getRepository(Gene).findOneByOrFail({ id: 2 })).paperCount).toBe(42);
    const again = await loadRelease(db, release);
    expect(again.skipped).toBe(true);
    expect(await db.getRepository(PaperGene).count()).toBe(70600);
    const forced = await loadRelease(db, release, { force: true });
    expect(forced.skipped).toBe(false);
    expect(await db.getRepository(PaperGene).count()).toBe(70600);
  });

  it("builds the read models of a release loaded before they existed, and of the kept one, when migrated", {
    timeout: 240_000,
  }, async () => {
    // The database as the release before read models left it: loaded (and one kept), no read-model table.
    const tables = ["list_row", "list_count", "gene_document"];
    const count = async (table: string) =>
      Number(((await db.query(`SELECT COUNT(*) AS n FROM "${table}"`)) as { n: number }[])[0]!.n);
    const before = new Map<string, number>();
    for (const table of tables) for (const t of [table, `${table}__prev`]) before.set(t, await count(t));
    expect(before.get("gene_document"), "a document per gene").toBe(8087);
    expect(before.get("list_row__prev"), "the kept release has its read models").toBe(before.get("list_row"));
    const [document] = (await db.query("SELECT body FROM gene_document WHERE gene_id = 1")) as {
      body: Buffer;
    }[];
    for (const table of tables) {
      await db.query(`DROP TABLE "${table}"`);
      await db.query(`DROP TABLE "${table}__prev"`);
    }
    await db.query("DELETE FROM migrations WHERE name = ?", ["ReadModels1764288000000"]);

    expect(await db.runMigrations()).toHaveLength(1);
    for (const [table, rows] of before) expect(await count(table), table).toBe(rows);
    const [rebuilt] = (await db.query("SELECT body FROM gene_document WHERE gene_id = 1")) as {
      body: Buffer;
    }[];
    expect(Buffer.compare(rebuilt!.body, document!.body)).toBe(0);
  });

  it("adds each list's first rows to the counts of a release loaded before they existed, and of the kept one, when migrated", {
    timeout: 240_000,
  }, async () => {
    const counts = async (table: string) =>
      JSON.stringify(await db.query(`SELECT * FROM "${table}" ORDER BY list, parent`));
    const live = await counts("list_count");
    const kept = await counts("list_count__prev");
    expect(live, "the first rows are kept").toContain('"first_consensus":"');
    expect(kept).toBe(live);
    // The database as the release before the first rows left it: the migration's down, then up again.
    const runner = db.createQueryRunner();
    await new ListHeads1764720000000().down(runner).finally(() => runner.release());
    await db.query("DELETE FROM migrations WHERE name = ?", ["ListHeads1764720000000"]);
    expect(await db.query("SELECT * FROM list_count LIMIT 1")).not.toHaveProperty("0.first_all");
    expect(await db.runMigrations()).toHaveLength(1);
    expect(await counts("list_count"), "the live release's counts and first rows").toBe(live);
    expect(await counts("list_count__prev"), "the kept release's").toBe(kept);
  });

  it("builds the release documents of a release loaded before they existed, and of the kept one, when migrated", {
    timeout: 240_000,
  }, async () => {
    const bodies = async (table: string) =>
      (await db.query(`SELECT name, body FROM "${table}" ORDER BY name`)) as { name: string; body: Buffer }[];
    const live = await bodies("release_document");
    const kept = await bodies("release_document__prev");
    // The search index is in parts of 4 MiB: three at the bundled release.
    const names = [
      "brain_region_distribution",
      "default_term_sizes",
      "release_sizes",
      "search_index.0",
      "search_index.1",
      "search_index.2",
    ];
    expect(live.map((d) => d.name)).toEqual(names);
    expect(
      kept.map((d) => d.name),
      "the kept release has its documents",
    ).toEqual(names);
    await db.query('DROP TABLE "release_document"');
    await db.query('DROP TABLE "release_document__prev"');
    await db.query("DELETE FROM migrations WHERE name IN (?, ?, ?)", [
      "ReleaseDocuments1764374400000",
      "StartDocuments1764460800000",
      "SearchIndexDocument1764633600000",
    ]);

    expect(await db.runMigrations()).toHaveLength(3);
    const same = (a: { name: string; body: Buffer }[], b: { name: string; body: Buffer }[]) =>
      a.length === b.length &&
      a.every((d, i) => d.name === b[i]!.name && Buffer.compare(d.body, b[i]!.body) === 0);
    expect(same(await bodies("release_document"), live), "the live release's documents, byte for byte").toBe(
      true,
    );
    expect(same(await bodies("release_document__prev"), kept), "the kept release's documents").toBe(true);
  });

  it("keeps nothing of a release that fails part-way: the live release is untouched", {
    timeout: 240_000,
  }, async () => {
    const live = await loadedRelease(db);
    const release = await readCsvRelease(bundledReleaseDir);
    // A duplicate primary key passes the reference checks but fails inside the paper_gene staging table.
    release.rows.paperGenes.push({ ...release.rows.paperGenes[0]! });
    await expect(loadRelease(db, release, { force: true })).rejects.toThrow(
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
    const file = path.join(work, "synaptome-fixture.sqlite");
    writeFileSync(
      file,
      gunzipSync(readFileSync(path.resolve(__dirname, "../fixtures/synaptome-fixture.sqlite.gz"))),
    );
    const release = readSynaptomeDb(file);
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
