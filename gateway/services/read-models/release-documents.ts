import type { DataSource, EntityManager } from "typeorm";
import { ReleaseDocument } from "../../../schema";
import { packJson, unpackJson } from "./packed-json";

/** The documents a release carries (release_document.name). */
export const BRAIN_REGION_DISTRIBUTION = "brain_region_distribution";
/** The table and relation sizes of the GraphQL cost model and the tab counts (release-size.service.ts). */
export const RELEASE_SIZES = "release_sizes";
/** The enrichment term sizes of the default background, per category (analysis.service.ts). */
export const DEFAULT_TERM_SIZES = "default_term_sizes";
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
