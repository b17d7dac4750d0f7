import type { DataSource, EntityManager } from "typeorm";
import { ReleaseDocument } from "../../../schema";
import { packJson, unpackJson } from "./packed-json";

/** The documents a release carries (release_document.name). */
export const BRAIN_REGION_DISTRIBUTION = "brain_region_distribution";

/** Writes one document of the release whose release_document table is `table` (escaped). */
export async function writeReleaseDocument(
  db: DataSource | EntityManager,
  table: string,
  name: string,
  value: unknown,
): Promise<void> {
  await db.query(`INSERT INTO ${table} (name, body) VALUES (?, ?)`, [name, packJson(value)]);
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
