import type { DataSource } from "typeorm";
import { DatasetRelease } from "../../schema";

/**
 * The loaded release as a key (version and load time): in-memory derivations (the search index, the
 * enrichment term sizes) are rebuilt when it changes, also after a reload through the CLI.
 */
export async function releaseKey(db: DataSource): Promise<string> {
  const row = await db
    .getRepository(DatasetRelease)
    .createQueryBuilder("r")
    .select(["r.version", "r.loadedAt"])
    .where("r.id = 1")
    .getOne();
  return row ? releaseKeyOf(row) : "none";
}

/** The key of a release read elsewhere (e.g. through GraphQL's datasetRelease). */
export function releaseKeyOf(release: { version: string; loadedAt: string }): string {
  return `${release.version}@${release.loadedAt}`;
}
