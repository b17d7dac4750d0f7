import type { DataSource } from "typeorm";
import { Paper } from "../../schema";
import type { PaperGeneRow } from "../../schema/paper-views.type";
import {
  checkSearchTerm,
  groupPages,
  groupTotals,
  type ListMode,
  type ListTotals,
  modeCondition,
  pagePerGroup,
  rowsByKey,
  searchPage,
  totalsOnly,
} from "./list-query";
import {
  groupedList,
  type ListCountReader,
  listRows,
  PAPER_GENES,
  PAPER_MUTATIONS,
} from "./lists/definitions";
import { likeEscape, type PageRequest } from "./paging";
import { joinStudyContext, STUDY_CONTEXT_COLUMNS, STUDY_CONTEXT_SELECT, studyContext } from "./study-link";

export interface PaperGeneArgs {
  term: string;
  mode: ListMode;
  /** Exact localisation name, or "" for every compartment. */
  localization: string;
  request: PageRequest | null;
}

export interface PaperMutationArgs {
  term: string;
  mode: ListMode;
  request: PageRequest | null;
}

const GENE_ROW_COLUMNS = ["gene_id", "dataset", "is_synthetic", "is_consensus", ...STUDY_CONTEXT_COLUMNS];

const bool = (v: unknown) => Boolean(Number(v));
const _str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export function geneRow(r: Record<string, unknown>): Omit<PaperGeneRow, "gene"> {
  return {
    geneId: Number(r.gene_id),
    dataset: String(r.dataset),
    isSynthetic: bool(r.is_synthetic),
    isConsensus: bool(r.is_consensus),
    ...studyContext(r),
  };
}

export class PaperService {
  constructor(
    private readonly db: DataSource,
    private readonly counts: ListCountReader,
  ) {}

  private readonly mutationList = groupedList(this.db, PAPER_MUTATIONS, Number, this.counts);

  /**
   * Studies matching a term: the PMID or the year exactly (all-digit terms), else a substring of the
   * study name, title or description. Exact PMID first, then year, name/title, description; newest
   * first within a rank. request null returns every match (downloads).
   */
  async search(q: string, request: PageRequest | null) {
    const term = checkSearchTerm(q.toLowerCase());
    const n = /^\d{1,15}$/.test(term) ? Number(term) : -1;
    const params = { n, contains: `%${likeEscape(term)}%` };
    const base = () =>
      this.db
        .getRepository(Paper)
        .createQueryBuilder("p")
        .where(
          `(p.pmid = :n OR p.year = :n OR LOWER(p.name) LIKE :contains ESCAPE '!'
            OR LOWER(p.title) LIKE :contains ESCAPE '!' OR LOWER(p.description) LIKE :contains ESCAPE '!')`,
          params,
        );
    const total = await base().getCount();
    const page = base()
      .select("p.pmid", "pmid")
      .addSelect(
        `CASE WHEN p.pmid = :n THEN 0 WHEN p.year = :n THEN 1
              WHEN LOWER(p.name) LIKE :contains ESCAPE '!' OR LOWER(p.title) LIKE :contains ESCAPE '!' THEN 2
              ELSE 3 END`,
        "search_rank",
      )
      .addSelect("p.year", "year")
      .orderBy("search_rank", "ASC")
      .addOrderBy("year", "DESC")
      .addOrderBy("p.pmid", "ASC");
    const { rows, pagination } = await searchPage<{ pmid: number }, Paper>(page, total, request);
    return { pmids: rows.map((r) => Number(r.pmid)), pagination };
  }

  async byIds(pmids: readonly number[]): Promise<Map<number, Paper>> {
    return rowsByKey(this.db, Paper, "pmid", pmids);
  }

  /** A study's gene rows with their study context (study-link.ts), of one compartment when `localization` is not "". */
  private genesQuery(pmids: readonly number[], term: string, localization: string) {
    const qb = joinStudyContext(listRows(this.db, PAPER_GENES, pmids, term));
    if (localization !== "") qb.andWhere("l.name = :localization", { localization });
    return qb;
  }

  /**
   * One page of gene rows (gene × brain region × compartment) per study, by symbol, with totals
   * counted in rows.
   */
  async genePages(
    pmids: readonly number[],
    args: PaperGeneArgs,
  ): Promise<Map<number, { rows: Omit<PaperGeneRow, "gene">[]; totals: ListTotals }>> {
    if (pmids.length === 0) return new Map();
    const inner = this.genesQuery(pmids, args.term, args.localization).select([
      "pg.pmid AS grp",
      "pg.gene_id AS id",
      "pg.gene_id AS gene_id",
      "pg.dataset AS dataset",
      "pg.is_synthetic AS is_synthetic",
      "g.is_consensus AS is_consensus",
      ...STUDY_CONTEXT_SELECT,
    ]);
    inner.addSelect(
      `ROW_NUMBER() OVER (PARTITION BY ${PAPER_GENES.parent} ORDER BY ${PAPER_GENES.order})`,
      "rn",
    );
    const mode = modeCondition(args.mode, PAPER_GENES.consensus);
    if (mode) inner.andWhere(mode);
    const rows = await pagePerGroup(this.db, inner, args.request, GENE_ROW_COLUMNS);
    const byPaper = new Map<number, Omit<PaperGeneRow, "gene">[]>();
    for (const r of rows) {
      const key = Number(r.grp);
      const list = byPaper.get(key) ?? [];
      list.push(geneRow(r));
      byPaper.set(key, list);
    }
    // A filtered page's total is the study's gene rows, as the read models count them.
    const unfiltered =
      args.term !== "" || args.localization !== ""
        ? totalsOnly(await this.counts.countsOf(PAPER_GENES, pmids, Number))
        : null;
    const totals = await groupTotals(
      this.genesQuery(pmids, args.term, args.localization),
      PAPER_GENES.parent,
      PAPER_GENES.consensus,
      pmids,
      unfiltered,
      Number,
    );
    return new Map(pmids.map((p) => [p, { rows: byPaper.get(p) ?? [], totals: totals.get(p)! }]));
  }

  /** One page of mutations per study (by chromosome, position), with totals. */
  async mutationPages(
    pmids: readonly number[],
    args: PaperMutationArgs,
  ): Promise<Map<number, { ids: number[]; totals: ListTotals }>> {
    return groupPages(this.db, this.mutationList, pmids, args);
  }
}
