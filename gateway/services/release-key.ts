import type { DataSource } from "typeorm";
import { DatasetRelease, DerivedData } from "../../schema";
import { readRows, tableOf } from "../db/read";

/** What a gateway holds in memory of the live release (read by the release watcher alone). */
export interface LiveRelease {
  /**
   * Version and load time, and the build of its derived data: changes with every load, rollback and
   * derived data switched in ("none" when no release is loaded).
   */
  key: string;
  /** The release's version (CSV file names, the OpenAPI text); null when none is loaded. */
  version: string | null;
  /** True when parts of the release are synthetic sample data (the pages' sample banner). */
  sample: boolean;
  /** The DERIVED_DATA_VERSION that built the live derived data; null when none is recorded. */
  derivedVersion: number | null;
}

/**
 * The loaded release, one primary-key lookup in the release record and one in derived_data: in-memory
 * derivations (the search index, the enrichment term sizes, answer caches) are rebuilt when its key
 * changes, also after a reload through the CLI or derived data built again (seeds/derived-data.ts).
 */
export async function readLiveRelease(db: DataSource): Promise<LiveRelease> {
  // Read after every page's statements (ReleaseWatcher.withinOneRelease): as written, not built.
  const [row] = await readRows<{
    version: string;
    loaded_at: string;
    has_synthetic_data: unknown;
    derived_version: unknown;
    derived_at: string | null;
  }>(
    db,
    `SELECT r.version, r.loaded_at, r.has_synthetic_data, d.version AS derived_version, d.built_at AS derived_at
     FROM ${tableOf(db, DatasetRelease)} r LEFT JOIN ${tableOf(db, DerivedData)} d ON d.id = 1 WHERE r.id = 1`,
  );
  if (!row) return { key: "none", version: null, sample: false, derivedVersion: null };
  const derivedVersion = row.derived_version === null ? null : Number(row.derived_version);
  return {
    key: `${row.version}@${row.loaded_at}#${derivedVersion ?? "-"}@${row.derived_at ?? "-"}`,
    version: row.version,
    sample: Boolean(Number(row.has_synthetic_data)),
    derivedVersion,
  };
}
