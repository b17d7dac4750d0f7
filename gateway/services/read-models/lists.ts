import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import { ListCount, ListRow, Localisation, PaperGene } from "../../../schema";
import type { PaperGeneRow } from "../../../schema/paper-views.type";
import { placeholders, readRows, tableOf } from "../../db/read";
import type { GroupPage } from "../disease.service";
import type { ListCounts, ListMode, ListTotals } from "../list-query";
import {
  DISEASE_GENES,
  DISEASE_MUTATIONS,
  DISEASE_PAPERS,
  type ListCountReader,
  type ListDefinition,
  PAPER_GENES,
  PAPER_LOCALIZATIONS,
  PAPER_MUTATIONS,
} from "../lists/definitions";
import type { PageRequest } from "../paging";
import { geneRow } from "../paper.service";
import { joinStudyContext, STUDY_CONTEXT_SELECT } from "../study-link";
import { LIST_HEAD_ROWS } from "./build";

/** A list's counts and its first rows' item ids in each mode, as list_count holds them ("id,id,..." or null). */
type CountRow = ListCounts & { first: Record<ListMode, string | null> };
type PaperGeneRows = Omit<PaperGeneRow, "gene">;
const NO_ROWS: ListTotals = { total: 0, matching: 0, consensus: 0 };

/**
 * The lists a disease or study page opens with (no filter text) and their counts, read from the
 * release's read models (list_row, list_count; built by build.ts with the release): a page of any
 * list in any consensus mode is one range of an index, and a count one row, whatever the list's
 * length. A filtered list is read by its service from the release's tables.
 */
export class ListReadModels implements ListCountReader {
  /**
   * Every count asked in one tick, of any list and parent, is one statement: a disease page asks six
   * (its genes', mutations' and studies' counts, and each first page's totals), which were six
   * statements and a sixth of the page's CPU in the query builder. Not a cache: each tick reads anew.
   */
  private readonly countBatches = new DataLoader<CountAsk, CountRow | undefined>(
    (keys) => this.readCounts(keys),
    {
      cache: false,
      maxBatchSize: 1000,
    },
  );

  /** Likewise every list page asked in one tick, of any list, mode and range: one statement, a UNION ALL branch per kind. */
  private readonly pageBatches = new DataLoader<PageAsk, number[]>((asks) => this.readPages(asks), {
    cache: false,
    maxBatchSize: 1000,
  });

  constructor(private readonly db: DataSource) {}

  diseaseGenePages = (hdoids: readonly string[], mode: ListMode, request: PageRequest | null) =>
    this.pages(DISEASE_GENES.list, hdoids, mode, request, String);
  diseaseMutationPages = (hdoids: readonly string[], mode: ListMode, request: PageRequest | null) =>
    this.pages(DISEASE_MUTATIONS.list, hdoids, mode, request, String);
  // A disease's studies have no consensus status: every mode lists them all.
  diseasePaperPages = (hdoids: readonly string[], request: PageRequest | null) =>
    this.pages(DISEASE_PAPERS.list, hdoids, "all", request, String);
  paperMutationPages = (pmids: readonly number[], mode: ListMode, request: PageRequest | null) =>
    this.pages(PAPER_MUTATIONS.list, pmids, mode, request, Number);

  diseaseGeneCounts = (hdoids: readonly string[]) => this.counts(DISEASE_GENES.list, hdoids, String);
  diseaseMutationCounts = (hdoids: readonly string[]) => this.counts(DISEASE_MUTATIONS.list, hdoids, String);
  diseasePaperCounts = async (hdoids: readonly string[]) =>
    totalOf(await this.counts(DISEASE_PAPERS.list, hdoids, String));
  paperGeneCounts = (pmids: readonly number[]) => this.counts("paper_gene_counts", pmids, Number);
  paperMutationCounts = (pmids: readonly number[]) => this.counts(PAPER_MUTATIONS.list, pmids, Number);

  /** A list's counts without a filter per parent (ListCountReader: a filtered page's total). */
  countsOf = <K>(def: ListDefinition, parents: readonly K[], keyOf: (parent: string) => K) =>
    this.counts(def.list, parents, keyOf);

  /** Compartment names a study reports genes in, alphabetically. */
  async paperLocalizations(pmids: readonly number[]): Promise<Map<number, string[]>> {
    const found = new Map<number, string[]>();
    if (pmids.length === 0) return found;
    const rows = await this.rows(pmids, PAPER_LOCALIZATIONS.list, "all", null)
      .innerJoin(Localisation, "l", "l.id = lr.item_id")
      .addSelect("l.name", "name")
      .getRawMany<{ parent: string; name: string }>();
    for (const row of rows) {
      const key = Number(row.parent);
      found.set(key, [...(found.get(key) ?? []), String(row.name)]);
    }
    return found;
  }

  /** One page of a study's gene rows (gene × brain region × compartment) per study, with totals in rows. */
  async paperGenePages(
    pmids: readonly number[],
    mode: ListMode,
    request: PageRequest | null,
  ): Promise<Map<number, { rows: PaperGeneRows[]; totals: ListTotals }>> {
    if (pmids.length === 0) return new Map();
    const [rows, totals] = await Promise.all([
      joinStudyContext(
        this.rows(pmids, PAPER_GENES.list, mode, request).innerJoin(
          PaperGene,
          "pg",
          "pg.gene_id = lr.item_id AND pg.pmid = lr.parent AND pg.brain_region_id = lr.region_id AND pg.localisation_id = lr.localisation_id",
        ),
      )
        .addSelect([
          "pg.gene_id AS gene_id",
          "pg.dataset AS dataset",
          "pg.is_synthetic AS is_synthetic",
          "lr.consensus AS is_consensus",
          ...STUDY_CONTEXT_SELECT,
        ])
        .getRawMany<Record<string, unknown>>(),
      this.totals(PAPER_GENES.list, pmids, Number),
    ]);
    const byStudy = new Map<number, PaperGeneRows[]>(pmids.map((pmid) => [pmid, []]));
    for (const row of rows) byStudy.get(Number(row.parent))?.push(geneRow(row));
    return new Map(
      pmids.map((pmid) => [pmid, { rows: byStudy.get(pmid) ?? [], totals: totals.get(pmid) ?? NO_ROWS }]),
    );
  }

  private async pages<K extends string | number>(
    list: string,
    keys: readonly K[],
    mode: ListMode,
    request: PageRequest | null,
    keyOf: (parent: string) => K,
  ): Promise<Map<K, GroupPage>> {
    if (keys.length === 0) return new Map();
    // A page within the list's first rows comes with its counts: one row per parent, no list_row range.
    if (request && request.page * request.pageSize <= LIST_HEAD_ROWS) {
      const summaries = await this.summaries(list, keys, keyOf);
      const start = (request.page - 1) * request.pageSize;
      return new Map(
        keys.map((key) => {
          const c = summaries.get(key);
          const first = c?.first[mode];
          return [
            key,
            {
              ids: first
                ? first
                    .split(",", start + request.pageSize)
                    .slice(start)
                    .map(Number)
                : [],
              totals: c ? unfiltered(c) : NO_ROWS,
            },
          ];
        }),
      );
    }
    const [pages, totals] = await Promise.all([
      this.pageBatches.loadMany(keys.map((key) => ({ list, mode, request, parent: String(key) }))),
      this.totals(list, keys, keyOf),
    ]);
    return new Map(
      keys.map((key, i) => {
        const ids = pages[i];
        if (ids instanceof Error) throw ids;
        return [key, { ids: ids ?? [], totals: totals.get(key) ?? NO_ROWS }];
      }),
    );
  }

  /** The rows of one page of `list` for each parent, in page order: one index range per parent. */
  private rows(
    keys: readonly (string | number)[],
    list: string,
    mode: ListMode,
    request: PageRequest | null,
  ) {
    const slice = pageSlice(mode, request);
    const position = `lr.${slice.position}`;
    const qb = this.db
      .getRepository(ListRow)
      .createQueryBuilder("lr")
      .select("lr.parent", "parent")
      .where("lr.list = :list AND lr.parent IN (:...parents)", { list, parents: keys.map(String) })
      .orderBy("lr.parent", "ASC")
      .addOrderBy(position, "ASC");
    if (slice.consensus !== null) qb.andWhere("lr.consensus = :consensus", { consensus: slice.consensus });
    if (slice.range) qb.andWhere(`${position} > :low AND ${position} <= :high`, slice.range);
    return qb;
  }

  /** A page's totals without a filter: every row matches. */
  private async totals<K>(list: string, keys: readonly K[], keyOf: (parent: string) => K) {
    const counts = await this.counts(list, keys, keyOf);
    return new Map([...counts].map(([key, c]): [K, ListTotals] => [key, unfiltered(c)]));
  }

  /**
   * The item ids of a batch's pages, in page order: asks of the same list, mode and range share a
   * branch (one index range per parent, as rows() reads them), and the branches are one UNION ALL.
   */
  private async readPages(asks: readonly PageAsk[]): Promise<number[][]> {
    const q = (name: string) => this.db.driver.escape(name);
    const branches = new Map<string, { index: number; ask: PageAsk; parents: Set<string> }>();
    const branchOf = asks.map((ask) => {
      const id = JSON.stringify([ask.list, ask.mode, ask.request?.page, ask.request?.pageSize]);
      const branch = branches.get(id) ?? { index: branches.size, ask, parents: new Set<string>() };
      branches.set(id, branch);
      branch.parents.add(ask.parent);
      return branch.index;
    });
    const params: unknown[] = [];
    const selects = [...branches.values()].map(({ index, ask, parents }) => {
      const slice = pageSlice(ask.mode, ask.request);
      const position = q(slice.position);
      let where = `${q("list")} = ? AND ${q("parent")} IN (${placeholders([...parents])})`;
      params.push(ask.list, ...parents);
      if (slice.consensus !== null) {
        where += ` AND ${q("consensus")} = ?`;
        params.push(slice.consensus ? 1 : 0);
      }
      if (slice.range) {
        where += ` AND ${position} > ? AND ${position} <= ?`;
        params.push(slice.range.low, slice.range.high);
      }
      return `SELECT ${index} AS ${q("branch")}, ${q("parent")}, ${q("item_id")} AS ${q("item")}, ${position} AS ${q("pos")} FROM ${tableOf(this.db, ListRow)} WHERE ${where}`;
    });
    // No ORDER BY: each page is put in order here (at most a page of rows each), where SQLite sorted
    // every branch in a temporary B-tree, a third of the statement's time.
    const rows = await readRows<{ branch: unknown; parent: unknown; item: unknown; pos: unknown }>(
      this.db,
      selects.join(" UNION ALL "),
      params,
    );
    const pages = new Map<string, { item: number; pos: number }[]>();
    for (const row of rows) {
      const key = parentKey(Number(row.branch), String(row.parent));
      const entry = { item: Number(row.item), pos: Number(row.pos) };
      const page = pages.get(key);
      if (page) page.push(entry);
      else pages.set(key, [entry]);
    }
    const items = new Map<string, number[]>();
    for (const [key, page] of pages)
      items.set(
        key,
        page.sort((a, b) => a.pos - b.pos).map((r) => r.item),
      );
    return asks.map((ask, i) => items.get(parentKey(branchOf[i]!, ask.parent)) ?? []);
  }

  /** Per-parent counts; a parent without rows is left out, as a GROUP BY leaves it out. */
  private async counts<K>(
    list: string,
    keys: readonly K[],
    keyOf: (parent: string) => K,
  ): Promise<Map<K, ListCounts>> {
    const summaries = await this.summaries(list, keys, keyOf);
    return new Map([...summaries].map(([key, c]) => [key, { total: c.total, consensus: c.consensus }]));
  }

  /** Per-parent counts with the list's first rows; a parent without rows is left out. */
  private async summaries<K>(
    list: string,
    keys: readonly K[],
    keyOf: (parent: string) => K,
  ): Promise<Map<K, CountRow>> {
    const parents = keys.map(String);
    const counts = await this.countBatches.loadMany(parents.map((parent) => ({ list, parent })));
    const found = new Map<K, CountRow>();
    counts.forEach((c, i) => {
      if (c instanceof Error) throw c;
      if (c) found.set(keyOf(parents[i]!), c);
    });
    return found;
  }

  /** The counts of a batch's (list, parent) keys: the rows of every list and parent named, kept if asked. */
  private async readCounts(asks: readonly CountAsk[]): Promise<(CountRow | undefined)[]> {
    const lists = [...new Set(asks.map((ask) => ask.list))];
    const parents = [...new Set(asks.map((ask) => ask.parent))];
    const rows = await readRows<{
      list: string;
      parent: string;
      total: unknown;
      consensus: unknown;
      first_all: string | null;
      first_consensus: string | null;
      first_other: string | null;
    }>(
      this.db,
      `SELECT list, parent, total, consensus, first_all, first_consensus, first_other FROM ${tableOf(this.db, ListCount)}
       WHERE list IN (${placeholders(lists)}) AND parent IN (${placeholders(parents)})`,
      [...lists, ...parents],
    );
    const byKey = new Map(
      rows.map((r): [string, CountRow] => [
        parentKey(String(r.list), String(r.parent)),
        {
          total: Number(r.total),
          consensus: Number(r.consensus),
          first: { all: r.first_all, consensus: r.first_consensus, "non-consensus": r.first_other },
        },
      ]),
    );
    return asks.map((ask) => byKey.get(parentKey(ask.list, ask.parent)));
  }
}

/** One parent's count of one list. */
interface CountAsk {
  list: string;
  parent: string;
}

/** One parent's page of one list. */
interface PageAsk {
  list: string;
  mode: ListMode;
  request: PageRequest | null;
  parent: string;
}

/** A map key of a parent within a list or a statement's branch. */
const parentKey = (group: string | number, parent: string) => `${group}\u0000${parent}`;

/**
 * Which rows of a list one page is: those numbered by `position` (the whole list) or `mode_position`
 * (the rows of one consensus status, then `consensus` says which; null in mode "all"), in the range.
 */
function pageSlice(mode: ListMode, request: PageRequest | null) {
  return {
    position: mode === "all" ? "position" : "mode_position",
    consensus: mode === "all" ? null : mode === "consensus",
    range: request
      ? { low: (request.page - 1) * request.pageSize, high: request.page * request.pageSize }
      : null,
  };
}

/** A list's totals without a filter: every row matches. */
const unfiltered = (c: ListCounts): ListTotals => ({
  total: c.total,
  matching: c.total,
  consensus: c.consensus,
});

function totalOf<K>(counts: Map<K, ListCounts>): Map<K, number> {
  return new Map([...counts].map(([key, c]) => [key, c.total]));
}
