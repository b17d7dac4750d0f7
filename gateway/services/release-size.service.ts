import type { DataSource } from "typeorm";
import { HeldPerRelease } from "./held-per-release";
import { RELEASE_SIZES, readReleaseDocument } from "./read-models/release-documents";
import type { ReleaseWatcher } from "./release-watcher";

/** The tables whose row counts the cost model reads (a list is never longer than its table). */
export const SIZED_TABLES = [
  "gene",
  "disease",
  "paper",
  "mutation",
  "go_term",
  "syngo_annotation",
  "omim_record",
  "brain_region",
  "localisation",
  "icd11_chapter",
  "species",
  "method",
  "ppi",
  "paper_gene",
  "disease_gene",
  "paper_mutation",
  "go_gene",
  "syngo_annotation_gene",
] as const;
export type SizedTable = (typeof SIZED_TABLES)[number];

/** A relation counted as rows per parent: `table` grouped by `parent` (distinct `child` values when given). */
interface RelationSource {
  table: SizedTable;
  parent: string;
  child?: string;
  /** A second grouping added to the first (an interaction counts for both of its genes). */
  alsoParent?: string;
}

/** Every relation a list field can follow, by what it counts (rows per parent entity). */
export const RELATIONS = {
  genesPerDisease: { table: "disease_gene", parent: "hdoid" },
  diseasesPerGene: { table: "disease_gene", parent: "gene_id" },
  papersPerGene: { table: "paper_gene", parent: "gene_id" },
  genesPerPaper: { table: "paper_gene", parent: "pmid" },
  mutationsPerGene: { table: "mutation", parent: "gene_id" },
  mutationsPerDisease: { table: "mutation", parent: "hdoid" },
  mutationsPerPaper: { table: "paper_mutation", parent: "pmid" },
  papersPerMutation: { table: "paper_mutation", parent: "mutation_id" },
  goTermsPerGene: { table: "go_gene", parent: "gene_id" },
  genesPerGoTerm: { table: "go_gene", parent: "go_id" },
  syngoTermsPerGene: { table: "syngo_annotation_gene", parent: "gene_id" },
  genesPerSyngoAnnotation: { table: "syngo_annotation_gene", parent: "annotation_id" },
  interactorsPerGene: { table: "ppi", parent: "gene_a", alsoParent: "gene_b" },
  omimRecordsPerGene: { table: "omim_record", parent: "human_entrez" },
  regionsPerGene: { table: "paper_gene", parent: "gene_id", child: "brain_region_id" },
  compartmentsPerGene: { table: "paper_gene", parent: "gene_id", child: "localisation_id" },
  genesPerRegion: { table: "paper_gene", parent: "brain_region_id", child: "gene_id" },
  genesPerCompartment: { table: "paper_gene", parent: "localisation_id", child: "gene_id" },
  compartmentsPerRegion: { table: "paper_gene", parent: "brain_region_id", child: "localisation_id" },
  childrenPerRegion: { table: "brain_region", parent: "parent_id" },
  diseasesPerChapter: { table: "disease", parent: "icd11_chapter" },
} satisfies Record<string, RelationSource>;
export type RelationName = keyof typeof RELATIONS;

/** One relation's fan-out in the loaded release. */
export class RelationSize {
  /** prefix[k] = rows of the k parents with the most rows (prefix[0] = 0). */
  private readonly prefix: Uint32Array;
  /**
   * The parents in key order, with their rows in `counts`: as numbers when every key is one (a gene's
   * id), else as text. Typed arrays, not a Map: at 10x data the relations have 850,000 parents, which as
   * Maps held 43 MB in every gateway and as arrays hold about 14.
   */
  private readonly numericKeys: Float64Array | null;
  private readonly textKeys: readonly string[] | null;
  private readonly counts: Uint32Array;

  /** @param parents each parent's key as text, with its rows in `rows`; parents without rows are absent. */
  constructor(parents: readonly string[], rows: readonly number[]) {
    const order = parents.map((_, i) => i);
    const numeric = parents.every((parent) => String(Number(parent)) === parent);
    if (numeric) {
      const keys = parents.map(Number);
      order.sort((a, b) => keys[a]! - keys[b]!);
      this.numericKeys = Float64Array.from(order, (i) => keys[i]!);
      this.textKeys = null;
    } else {
      order.sort((a, b) => (parents[a]! < parents[b]! ? -1 : parents[a]! > parents[b]! ? 1 : 0));
      this.numericKeys = null;
      this.textKeys = order.map((i) => parents[i]!);
    }
    this.counts = Uint32Array.from(order, (i) => rows[i]!);
    const countsLargestFirst = Uint32Array.from(rows).sort().reverse();
    this.prefix = new Uint32Array(countsLargestFirst.length + 1);
    countsLargestFirst.forEach((n, k) => {
      this.prefix[k + 1] = this.prefix[k]! + n;
    });
  }

  /** Rows of one parent (0 when it has none): what a count field answers, without SQL. */
  countOf(parent: string | number): number {
    const at = this.numericKeys
      ? search(this.numericKeys, typeof parent === "number" ? parent : canonicalNumber(parent))
      : search(this.textKeys!, String(parent));
    return at < 0 ? 0 : this.counts[at]!;
  }
  /** Parents with at least one row. */
  get parents(): number {
    return this.prefix.length - 1;
  }
  get total(): number {
    return this.prefix[this.prefix.length - 1]!;
  }
  get max(): number {
    return this.prefix[1] ?? 0;
  }
  get average(): number {
    return this.parents === 0 ? 0 : this.total / this.parents;
  }
  /**
   * The most rows `n` parents can have: the n heaviest parents' rows while n are distinct parents; past
   * every parent, each further one is counted as the heaviest again (a list can repeat a parent). With
   * `perParentCap` (a connection's page size), each parent counts at most that many rows.
   */
  rowsFor(n: number, perParentCap = Number.POSITIVE_INFINITY): number {
    if (n <= 0) return 0;
    const cap = Math.max(0, perParentCap);
    const whole = Math.ceil(n);
    const distinct = Math.min(whole, this.parents);
    // The heaviest parents fill the cap (a page): those count `cap` each, the lighter ones their rows.
    const capped = this.parentsAbove(cap, distinct);
    const rows = (capped > 0 ? capped * cap : 0) + this.prefix[distinct]! - this.prefix[capped]!;
    return rows + (whole - distinct) * Math.min(this.max, cap);
  }

  /** How many of the `n` heaviest parents have more than `cap` rows (binary search on the sorted counts). */
  private parentsAbove(cap: number, n: number): number {
    let low = 0;
    let high = n;
    while (low < high) {
      const mid = (low + high) >> 1;
      // Row count of the (mid+1)-th heaviest parent.
      if (this.prefix[mid + 1]! - this.prefix[mid]! > cap) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** A key given as text as the number it spells, NaN (found nowhere) when it is not one's own text. */
function canonicalNumber(text: string): number {
  const n = Number(text);
  return String(n) === text ? n : Number.NaN;
}

/** The index of `key` in the ascending `keys`, or -1. */
function search<T extends number | string>(keys: ArrayLike<T>, key: T): number {
  let low = 0;
  let high = keys.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = keys[mid]!;
    if (at === key) return mid;
    if (at < key) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** What the cost model knows of the loaded release: rows of each table, fan-out of each relation. */
export interface ReleaseSizes {
  release: string;
  tables: Record<SizedTable, number>;
  relations: Record<RelationName, RelationSize>;
  /** Rows of the largest table: what a list field the cost model does not know is assumed to return. */
  largestTable: number;
}

/**
 * The release's table and relation sizes for the GraphQL cost model, read once per release (one
 * document, counted when the release was loaded) and again when the release watcher reports a switch,
 * so that a query is costed without any SQL.
 */
export class ReleaseSizeService extends HeldPerRelease<ReleaseSizes> {
  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    super(releases);
  }

  /**
   * Rows per parent of a relation from memory, or null when the sizes held are not of the live release
   * (the caller then counts in SQL).
   */
  countsOf<K extends string | number>(relation: RelationName, parents: readonly K[]): Map<K, number> | null {
    const size = this.live()?.relations[relation];
    return size ? new Map(parents.map((parent) => [parent, size.countOf(parent)])) : null;
  }

  protected async read(release: string): Promise<ReleaseSizes> {
    // Written with the release (read-models/build.ts); a database without it (hand-made, say) is counted.
    const stored =
      (await readReleaseDocument<StoredReleaseSizes>(this.db, RELEASE_SIZES)) ??
      (await countReleaseSizes(this.db));
    const relations = Object.fromEntries(
      Object.keys(RELATIONS).map((name) => {
        const [parents, counts] = stored.relations[name] ?? [[], []];
        return [name, new RelationSize(parents, counts)];
      }),
    ) as Record<RelationName, RelationSize>;
    return {
      release,
      tables: stored.tables,
      relations,
      largestTable: Math.max(...Object.values(stored.tables)),
    };
  }
}

/** The sizes as a release document stores them: rows per table, and per relation its parents and their rows. */
export interface StoredReleaseSizes {
  tables: Record<SizedTable, number>;
  relations: Record<string, [parents: string[], counts: number[]]>;
}

/**
 * Count the release's table and relation sizes: a few GROUP BY statements over its largest tables, run
 * when a release is loaded (read-models/build.ts), not when a gateway starts.
 */
export async function countReleaseSizes(db: DataSource): Promise<StoredReleaseSizes> {
  // The entity of each table, not its bare name: over a staged release (a view whose entities read
  // `<table>__next`), a bare name would count the live tables.
  const entityOf = (table: SizedTable) => {
    const found = db.entityMetadatas.find((m) => (m.givenTableName ?? m.tableName) === table);
    if (!found) throw new Error(`No entity is mapped to the table ${table}`);
    return found.target;
  };
  const tableRows = await Promise.all(
    SIZED_TABLES.map(async (table) => {
      const row = await db
        .createQueryBuilder()
        .select("COUNT(*)", "n")
        .from(entityOf(table), "t")
        .getRawOne<{ n: number | string }>();
      return [table, Number(row?.n ?? 0)] as const;
    }),
  );
  const relationRows = await Promise.all(
    (Object.entries(RELATIONS) as [RelationName, RelationSource][]).map(async ([name, source]) => {
      const perParent = new Map<string, number>();
      for (const parent of [source.parent, source.alsoParent]) {
        if (!parent) continue;
        const rows = await db
          .createQueryBuilder()
          .select(`t.${parent}`, "parent")
          .addSelect(source.child ? `COUNT(DISTINCT t.${source.child})` : "COUNT(*)", "n")
          .from(entityOf(source.table), "t")
          .where(`t.${parent} IS NOT NULL`)
          .groupBy(`t.${parent}`)
          .getRawMany<{ parent: string | number; n: number | string }>();
        for (const row of rows) {
          const id = String(row.parent);
          perParent.set(id, (perParent.get(id) ?? 0) + Number(row.n));
        }
      }
      // In key order, not the statement's: a document is the same bytes whatever plan SQL chose.
      const entries = [...perParent].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const stored: [string[], number[]] = [entries.map(([parent]) => parent), entries.map(([, n]) => n)];
      return [name, stored] as const;
    }),
  );
  return {
    tables: Object.fromEntries(tableRows) as Record<SizedTable, number>,
    relations: Object.fromEntries(relationRows),
  };
}
