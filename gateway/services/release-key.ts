import type { DataSource } from "typeorm";
import { DatasetRelease } from "../../schema";
import { readRows, tableOf } from "../db/read";

/** What a gateway holds in memory of the live release (read by the release watcher alone). */
export interface LiveRelease {
  /** Version and load time: changes with every load and rollback ("none" when no release is loaded). */
  key: string;
  /** The release's version (CSV file names, the OpenAPI text); null when none is loaded. */
  version: string | null;
  /** True when parts of the release are synthetic sample data (the pages' sample banner). */
  sample: boolean;
}

/**
 * The loaded release, one primary-key lookup: in-memory derivations (the search index, the enrichment
 * term sizes, answer caches) are rebuilt when its key changes, also after a reload through the CLI.
 */
export async function readLiveRelease(db: DataSource): Promise<LiveRelease> {
  // Read after every page's statements (ReleaseWatcher.withinOneRelease): as written, not built.
  const [row] = await readRows<{ version: string; loaded_at: string; has_synthetic_data: unknown }>(
    db,
    `SELECT version, loaded_at, has_synthetic_data FROM ${tableOf(db, DatasetRelease)} WHERE id = 1`,
  );
  return row
    ? {
        key: releaseKeyOf({ version: row.version, loadedAt: row.loaded_at }),
        version: row.version,
        sample: Boolean(Number(row.has_synthetic_data)),
      }
    : { key: "none", version: null, sample: false };
}

/** The key of a release read elsewhere (e.g. through GraphQL's datasetRelease). */
export function releaseKeyOf(release: { version: string; loadedAt: string }): string {
  return `${release.version}@${release.loadedAt}`;
}
