import type { DataSource, SelectQueryBuilder } from "typeorm";
import { Gene } from "../../../schema";
import { AnalysisBackground, type EnrichmentCategory } from "../../../schema/analysis-views.type";
import { chunks } from "../chunks";
import { DEFAULT_TERM_SIZES, readReleaseDocument } from "../read-models/release-documents";
import type { ReleaseWatcher } from "../release-watcher";
import { ALL_CATEGORIES, CATEGORY_QUERIES } from "./categories";

/** A category's terms within a background: the genes each annotates, its name and group, and whether any annotation is synthetic. */
export type TermSizes = Map<string, { size: number; name: string; group: string | null; synthetic: boolean }>;

/** Term sizes within the background: COUNT(DISTINCT gene) per term, in one grouped query (or one per chunk of a custom background). */
export async function countTermSizes(
  db: DataSource,
  category: EnrichmentCategory,
  background: AnalysisBackground,
  customIds: number[],
): Promise<TermSizes> {
  const q = CATEGORY_QUERIES[category];
  const run = async (filter: (qb: SelectQueryBuilder<object>) => void) => {
    const qb = q
      .pairs(db)
      .innerJoin(Gene, "g", `g.id = ${q.geneColumn}`)
      .select(q.termColumn, "term")
      .addSelect(`COUNT(DISTINCT ${q.geneColumn})`, "size")
      .addSelect(`MAX(${q.name})`, "name")
      .addSelect(q.group ? `MAX(${q.group})` : "NULL", "grp")
      .addSelect(q.synthetic ? `MAX(CASE WHEN ${q.synthetic} THEN 1 ELSE 0 END)` : "0", "synthetic")
      .groupBy(q.termColumn);
    filter(qb);
    return qb.getRawMany<{
      term: string;
      size: number | string;
      name: string | null;
      grp: string | null;
      synthetic: number | string;
    }>();
  };
  const out: TermSizes = new Map();
  const add = (rows: Awaited<ReturnType<typeof run>>) => {
    for (const r of rows) {
      const key = String(r.term);
      const old = out.get(key);
      const size = Number(r.size);
      const synthetic = Number(r.synthetic) > 0;
      if (old) {
        old.size += size; // chunks hold disjoint genes, so distinct counts add up
        old.synthetic ||= synthetic;
      } else out.set(key, { size, name: r.name ?? key, group: r.grp, synthetic });
    }
  };
  if (background === AnalysisBackground.CUSTOM) {
    for (const part of chunks(customIds)) add(await run((qb) => qb.where("g.id IN (:...part)", { part })));
  } else {
    add(
      await run((qb) => {
        if (background === AnalysisBackground.SYNAPTIC) qb.where("g.paper_count > 0");
        if (background === AnalysisBackground.CONSENSUS) qb.where("g.is_consensus = :yes", { yes: true });
      }),
    );
  }
  return out;
}

/** The default background's term sizes as a release document stores them: per category, [term, size, name, group, synthetic]. */
export type StoredTermSizes = Record<string, [string, number, string, string | null, boolean][]>;

/**
 * The term sizes of the default background (every gene of the release) in each category: written with
 * the release (read-models/build.ts), so a gateway reads one document at start instead of counting.
 */
export async function countDefaultTermSizes(db: DataSource): Promise<StoredTermSizes> {
  const stored: StoredTermSizes = {};
  for (const category of ALL_CATEGORIES) {
    const sizes = await countTermSizes(db, category, AnalysisBackground.DATASET, []);
    // In term order, not the statement's: a document is the same bytes whatever plan SQL chose.
    stored[category] = [...sizes]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([term, t]) => [term, t.size, t.name, t.group, t.synthetic]);
  }
  return stored;
}

/** Gene ids of a built-in background. */
export async function backgroundGeneIds(db: DataSource, kind: AnalysisBackground): Promise<number[]> {
  const qb = db.getRepository(Gene).createQueryBuilder("g").select("g.id", "id");
  if (kind === AnalysisBackground.SYNAPTIC) qb.where("g.paper_count > 0");
  if (kind === AnalysisBackground.CONSENSUS) qb.where("g.is_consensus = :yes", { yes: true });
  const rows = await qb.getRawMany<{ id: number }>();
  return rows.map((r) => Number(r.id));
}

/**
 * The term sizes of the built-in backgrounds, which do not depend on the list: kept per loaded
 * release (version and load time, from the release watcher), so an analysis only counts the list's
 * own annotations.
 */
export class TermSizeCache {
  private held = { release: "", sizes: new Map<string, Promise<TermSizes>>() };

  constructor(
    private readonly db: DataSource,
    private readonly releases: ReleaseWatcher,
  ) {
    // A switch drops the old release's sizes at once, not at the next analysis.
    releases.subscribe((release) => {
      if (this.held.release !== release) this.held = { release, sizes: new Map() };
    });
  }

  /** The sizes of a category's terms within a background (counted each time for a custom one). */
  async of(
    category: EnrichmentCategory,
    background: AnalysisBackground,
    customIds: number[],
    release: string,
  ): Promise<TermSizes> {
    if (background === AnalysisBackground.CUSTOM)
      return countTermSizes(this.db, category, background, customIds);
    if (this.held.release !== release) this.held = { release, sizes: new Map() };
    const key = `${category}:${background}`;
    let sizes = this.held.sizes.get(key);
    if (!sizes) {
      sizes = countTermSizes(this.db, category, background, customIds);
      this.held.sizes.set(key, sizes);
      sizes.catch(() => this.held.sizes.delete(key));
    }
    return sizes;
  }

  /**
   * Hold the default background's term sizes now (at start), so the first analysis after a start
   * does not wait for them (1.5 s on the sample instead of 0.25 s): read from the release's document,
   * written when the release was loaded.
   */
  async warm(): Promise<void> {
    const background = AnalysisBackground.DATASET;
    const release = await this.releases.get();
    const stored = await readReleaseDocument<StoredTermSizes>(this.db, DEFAULT_TERM_SIZES);
    // The document is the live release's; kept only if no switch fell between the key and the read.
    if (stored && (await this.releases.check()) === release) {
      if (this.held.release !== release) this.held = { release, sizes: new Map() };
      for (const category of ALL_CATEGORIES) {
        const sizes: TermSizes = new Map(
          (stored[category] ?? []).map(([term, size, name, group, synthetic]) => [
            term,
            { size, name, group, synthetic },
          ]),
        );
        this.held.sizes.set(`${category}:${background}`, Promise.resolve(sizes));
      }
      return;
    }
    // A database without the document (hand-made, say): counted as any built-in background is.
    const ids = await backgroundGeneIds(this.db, background);
    for (const category of ALL_CATEGORIES) await this.of(category, background, ids, release);
  }
}
