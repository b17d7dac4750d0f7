import type { DataSource } from "typeorm";
import { Disease, Gene, Paper } from "../../schema";
import type { ReleaseWatcher } from "./release-watcher";

interface HeldTables {
  release: string;
  genes: Map<number, Gene>;
  diseases: Map<string, Disease>;
  papers: Map<number, Paper>;
}

/**
 * The entity tables every page starts from (genes, diseases, studies), read whole once per release and
 * held in memory: the release is read-only between switches, so a gene, disease or study looked up by
 * its id costs no SQL. Like the search index, they are read at start and again when the release watcher
 * reports a switch. The rows are shared by every request: nothing may change them.
 */
export class ReleaseTables {
  private held: HeldTables | null = null;
  private reading: Promise<HeldTables> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly releases: ReleaseWatcher,
  ) {}

  /** Read the tables now and again after every release switch. */
  async warm(): Promise<void> {
    this.unsubscribe ??= this.releases.subscribe(() => void this.refresh().catch(() => undefined));
    await this.refresh();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * The rows of the ids (absent ids left out) from memory, or null when the tables held are not of the
   * release the watcher last read, right after a switch or before the first read: the caller then reads
   * SQL, so an answer never mixes two releases (ReleaseWatcher.withinOneRelease re-reads a read that a
   * switch fell under, and the second read finds the new key here).
   */
  genes(ids: readonly number[]): Map<number, Gene> | null {
    return this.pick("genes", ids);
  }

  diseases(hdoids: readonly string[]): Map<string, Disease> | null {
    return this.pick("diseases", hdoids);
  }

  papers(pmids: readonly number[]): Map<number, Paper> | null {
    return this.pick("papers", pmids);
  }

  private pick<T extends "genes" | "diseases" | "papers">(
    table: T,
    ids: readonly (HeldTables[T] extends Map<infer K, unknown> ? K : never)[],
  ): HeldTables[T] | null {
    const held = this.held;
    if (!held || held.release !== this.releases.key) return null;
    const all = held[table] as Map<unknown, unknown>;
    const found = new Map<unknown, unknown>();
    for (const id of ids) {
      const row = all.get(id);
      if (row !== undefined) found.set(id, row);
    }
    return found as HeldTables[T];
  }

  private async refresh(): Promise<HeldTables> {
    const key = await this.releases.get();
    if (this.held?.release === key) return this.held;
    this.reading ??= this.read(key).finally(() => {
      this.reading = null;
    });
    this.held = await this.reading;
    return this.held;
  }

  /** The tables of one release: read again when a switch fell between the key and the reads. */
  private async read(release: string): Promise<HeldTables> {
    for (let key = release; ; ) {
      const tables = await this.readTables(key);
      const after = await this.releases.check();
      if (after === key) return tables;
      key = after;
    }
  }

  private async readTables(release: string): Promise<HeldTables> {
    const [genes, diseases, papers] = await Promise.all([
      this.db.getRepository(Gene).find(),
      this.db.getRepository(Disease).find(),
      this.db.getRepository(Paper).find(),
    ]);
    return {
      release,
      genes: new Map(genes.map((g) => [g.id, g])),
      diseases: new Map(diseases.map((d) => [d.hdoid, d])),
      papers: new Map(papers.map((p) => [p.pmid, p])),
    };
  }
}
