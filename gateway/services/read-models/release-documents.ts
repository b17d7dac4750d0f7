import type { DataSource, EntityManager, QueryRunner } from "typeorm";
import { ReleaseDocument } from "../../../schema";
import { packJson, unpackJson } from "./packed-json";

/** The documents a release carries (release_document.name). */
export const BRAIN_REGION_DISTRIBUTION = "brain_region_distribution";
/** The table and relation sizes of the GraphQL cost model and the tab counts (release-size.service.ts). */
export const RELEASE_SIZES = "release_sizes";
/** The enrichment term sizes of the default background, per category (analysis/term-sizes.ts). */
export const DEFAULT_TERM_SIZES = "default_term_sizes";
/** The search index (gateway/search), as SearchIndex.toSnapshot writes it: a binary document in parts. */
export const SEARCH_INDEX = "search_index";
/** The data package's file measurements: written by the first gateway that serves the package. */
export const DATA_PACKAGE_STATS = "data_package_stats";

/**
 * Writes one document of the release whose release_document table is `table` (escaped): the staged one
 * while a release loads, the live one for a document measured while serving. REPLACE (the same statement
 * on MySQL and SQLite; the row's key is its name), since two gateways may write the same measurement.
 */
export async function writeReleaseDocument(
  db: DataSource | EntityManager,
  table: string,
  name: string,
  value: unknown,
): Promise<void> {
  await db.query(`REPLACE INTO ${table} (name, body) VALUES (?, ?)`, [name, packJson(value)]);
}

/** The live release's document `name` as its JSON was written, or null when the release has none. */
export async function readReleaseDocument<T>(db: DataSource, name: string): Promise<T | null> {
  const row = await db
    .getRepository(ReleaseDocument)
    .createQueryBuilder("d")
    .select("d.body", "body")
    .where("d.name = :name", { name })
    .getRawOne<{ body: Buffer }>();
  return row ? unpackJson<T>(row.body) : null;
}

/**
 * One statement carries at most MySQL's max_allowed_packet (16 MB by default), and TypeORM sends a
 * buffer as hex text, twice its size: a larger binary document is written as rows `name.0`, `name.1` ...
 */
const PART_BYTES = 4 * 1024 * 1024;

/** The rows of the parts of `name`: a range of the primary key ('/' follows '.'). */
const PARTS_FROM = (name: string) => `${name}.`;
const PARTS_TO = (name: string) => `${name}/`;

/** Removes every part of the binary document `name` from the release_document table `table` (escaped). */
export async function deleteReleaseBinary(
  db: DataSource | EntityManager | QueryRunner,
  table: string,
  name: string,
): Promise<void> {
  await db.query(`DELETE FROM ${table} WHERE name >= ? AND name < ?`, [PARTS_FROM(name), PARTS_TO(name)]);
}

/** Writes the binary document `name` of the release whose release_document table is `table`, in parts. */
export async function writeReleaseBinary(
  db: DataSource | EntityManager,
  table: string,
  name: string,
  body: Buffer,
): Promise<void> {
  await deleteReleaseBinary(db, table, name);
  for (let part = 0, at = 0; at < body.length || part === 0; part++, at += PART_BYTES)
    await db.query(`INSERT INTO ${table} (name, body) VALUES (?, ?)`, [
      `${name}.${part}`,
      body.subarray(at, at + PART_BYTES),
    ]);
}

/** The live release's binary document `name`, its parts joined, or null when the release has none. */
export async function readReleaseBinary(db: DataSource, name: string): Promise<Buffer | null> {
  const rows = await db
    .getRepository(ReleaseDocument)
    .createQueryBuilder("d")
    .select(["d.name AS name", "d.body AS body"])
    .where("d.name >= :from AND d.name < :to", { from: PARTS_FROM(name), to: PARTS_TO(name) })
    .getRawMany<{ name: string; body: Buffer }>();
  if (rows.length === 0) return null;
  const part = (row: { name: string }) => Number(row.name.slice(PARTS_FROM(name).length));
  return Buffer.concat(rows.sort((a, b) => part(a) - part(b)).map((row) => row.body));
}
