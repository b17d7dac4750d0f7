import type { DataSource } from "typeorm";
import { DatasetRelease } from "../../schema";
import { readRows, tableOf } from "../db/read";
import type { DataPackageStatsService } from "./data-package-stats";
import { HeldPerRelease } from "./held-per-release";
import type { ReleaseWatcher } from "./release-watcher";

/** The live release as the catalog markup of `/` and `/data` describes it. */
export interface ReleaseDescription {
  /** The release key (version and load time). */
  key: string;
  name: string;
  version: string;
  built: string | null;
  loadedAt: string;
  /** True when parts of the release are synthetic sample data. */
  sample: boolean;
  /** Each bulk file's size in bytes, from the release's stored measurement; null while none is stored. */
  fileBytes: ReadonlyMap<string, number> | null;
}

/** How often, at most, a gateway without the files' sizes looks for a measurement another one stored (ms). */
const SIZES_RECHECK_MS = 60_000;

/**
 * The live release's name, version, dates and sample flag, read once per release (and again after a
 * switch), with the files' sizes from the data package's stored measurement (DataPackageStatsService).
 * The sizes are only ever read: a page never starts a measurement. One this gateway stores is taken at
 * once; one another gateway stored is looked for at most once a minute while this one has none.
 */
export class ReleaseDescriptionService extends HeldPerRelease<Omit<ReleaseDescription, "fileBytes"> | null> {
  private sizes: { release: string; bytes: ReadonlyMap<string, number> } | null = null;
  private sizesCheckedAt = 0;
  private checkingSizes: Promise<void> | null = null;
  private readonly unsubscribeStored: () => void;

  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
    private readonly stats: DataPackageStatsService,
  ) {
    super(releases);
    this.unsubscribeStored = stats.onStored((key, stored) => this.keepSizes(key, stored));
  }

  /** The live release, or null when none is loaded: read on the first call, then held until a switch. */
  async describe(): Promise<ReleaseDescription | null> {
    const release = await this.liveOrRead();
    if (!release) return null;
    const sized = this.sizes?.release === release.key ? this.sizes.bytes : null;
    if (!sized) this.lookForSizes(release.key);
    return { ...release, fileBytes: sized };
  }

  override stop(): void {
    super.stop();
    this.unsubscribeStored();
  }

  protected async read(key: string): Promise<Omit<ReleaseDescription, "fileBytes"> | null> {
    const [row] = await readRows<{
      name: string;
      version: string;
      built: string | null;
      loaded_at: string;
      has_synthetic_data: unknown;
    }>(
      this.db,
      `SELECT name, version, built, loaded_at, has_synthetic_data FROM ${tableOf(this.db, DatasetRelease)} WHERE id = 1`,
    );
    if (!row) return null;
    await this.readSizes(key);
    return {
      key,
      name: row.name,
      version: row.version,
      built: row.built,
      loadedAt: row.loaded_at,
      sample: Boolean(Number(row.has_synthetic_data)),
    };
  }

  private keepSizes(key: string, stored: ReadonlyMap<string, { bytes: number }>): void {
    this.sizes = { release: key, bytes: new Map([...stored].map(([name, file]) => [name, file.bytes])) };
  }

  private async readSizes(key: string): Promise<void> {
    this.sizesCheckedAt = Date.now();
    const stored = await this.stats.read(key);
    if (stored) this.keepSizes(key, stored);
  }

  /** Look for a measurement stored since the last look, in the background (the page is not held up). */
  private lookForSizes(key: string): void {
    if (this.checkingSizes || Date.now() - this.sizesCheckedAt < SIZES_RECHECK_MS) return;
    this.checkingSizes = this.readSizes(key)
      .catch(() => undefined)
      .finally(() => {
        this.checkingSizes = null;
      });
  }
}
