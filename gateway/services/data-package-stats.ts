import type { DataSource } from "typeorm";
import {
  DATA_PACKAGE_STATS,
  readReleaseDocument,
  writeReleaseDocument,
} from "./read-models/release-documents";

/** What the data package descriptor says of one file: measured on the exact bytes the CSV path serves. */
export interface ResourceStats {
  bytes: number;
  hash: string;
  rows: number;
}

/**
 * The stored measurement, with the release it was taken of: its key (ReleaseWatcher), version and load
 * time and the build of its derived data, so a measurement taken before derived data was built again
 * (seeds/derived-data.ts, e.g. after a change of a CSV path's bytes) is never taken for this build's.
 */
interface StoredStats {
  release: string;
  files: [string, ResourceStats][];
}

/**
 * The data package's file measurements, kept with the release (a release_document row): the first
 * gateway to serve a release's package measures its files (every row of every bulk CSV), and every
 * other gateway, and every later start, reads what it wrote. The row is switched and kept for rollback
 * with the release's other tables. The measured key is stored too, so a measurement that a switch fell
 * under is never taken for the new release's.
 */
export class DataPackageStatsService {
  private readonly listeners = new Set<(key: string, stats: Map<string, ResourceStats>) => void>();

  constructor(private readonly db: DataSource) {}

  /** Called with each measurement this gateway stores (what the catalog markup's file sizes follow). */
  onStored(listener: (key: string, stats: Map<string, ResourceStats>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The files' measurements for release `key`, or null when none is stored for it. */
  async read(key: string): Promise<Map<string, ResourceStats> | null> {
    const stored = await readReleaseDocument<StoredStats>(this.db, DATA_PACKAGE_STATS);
    return stored?.release === key ? new Map(stored.files) : null;
  }

  /** Keep a measurement of release `key` (replacing any other; two gateways write the same one). */
  async write(key: string, stats: Map<string, ResourceStats>): Promise<void> {
    const stored: StoredStats = { release: key, files: [...stats] };
    await writeReleaseDocument(
      this.db,
      this.db.driver.escape("release_document"),
      DATA_PACKAGE_STATS,
      stored,
    );
    for (const listener of this.listeners) listener(key, stats);
  }
}
