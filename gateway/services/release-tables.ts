import type { DataSource } from "typeorm";
import { Disease, Gene, Paper } from "../../schema";
import { HeldPerRelease } from "./held-per-release";
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
export class ReleaseTables extends HeldPerRelease<HeldTables> {
  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    super(releases);
  }

  /**
   * The rows of the ids (absent ids left out) from memory, or null when the tables held are not of the
   * live release (the caller then reads SQL).
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
    const held = this.live();
    if (!held) return null;
    const all = held[table] as Map<unknown, unknown>;
    const found = new Map<unknown, unknown>();
    for (const id of ids) {
      const row = all.get(id);
      if (row !== undefined) found.set(id, row);
    }
    return found as HeldTables[T];
  }

  protected async read(release: string): Promise<HeldTables> {
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
