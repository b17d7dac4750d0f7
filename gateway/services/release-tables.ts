import type { DataSource } from "typeorm";
import { Disease, Gene, Paper } from "../../schema";
import { HeldPerRelease, pickHeld } from "./held-per-release";
import type { ReleaseWatcher } from "./release-watcher";

interface HeldTables {
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
    const held = this.live();
    return held && pickHeld(held.genes, ids);
  }

  diseases(hdoids: readonly string[]): Map<string, Disease> | null {
    const held = this.live();
    return held && pickHeld(held.diseases, hdoids);
  }

  papers(pmids: readonly number[]): Map<number, Paper> | null {
    const held = this.live();
    return held && pickHeld(held.papers, pmids);
  }

  protected async read(): Promise<HeldTables> {
    const [genes, diseases, papers] = await Promise.all([
      this.db.getRepository(Gene).find(),
      this.db.getRepository(Disease).find(),
      this.db.getRepository(Paper).find(),
    ]);
    return {
      genes: new Map(genes.map((g) => [g.id, g])),
      diseases: new Map(diseases.map((d) => [d.hdoid, d])),
      papers: new Map(papers.map((p) => [p.pmid, p])),
    };
  }
}
