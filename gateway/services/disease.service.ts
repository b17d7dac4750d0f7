import type { DataSource } from "typeorm";
import { Disease, Mutation } from "../../schema";
import {
  type GeneMatch,
  MATCH_RANK,
  matchKind,
  pageInRankOrder,
  type RankedGene,
} from "../search/gene-ranking";
import {
  checkSearchTerm,
  groupPages,
  type ListMode,
  type ListTotals,
  rowsByKey,
  searchPage,
} from "./list-query";
import {
  DISEASE_GENES,
  DISEASE_MUTATIONS,
  DISEASE_PAPERS,
  geneTextFilter,
  groupedList,
  type ListCountReader,
  listRows,
} from "./lists/definitions";
import { likeEscape, type PageRequest } from "./paging";
import type { ProteinLookupResult, SearchService } from "./search.service";

/** Arguments of a per-disease list; request null means every row (downloads). */
export interface DiseaseListArgs {
  term: string;
  mode: ListMode;
  request: PageRequest | null;
}

export interface GroupPage {
  ids: number[];
  totals: ListTotals;
  /** Gene lists filtered by a term: how each gene of `ids` matched, in the same order. */
  matches?: GeneMatch[];
  /** Gene lists filtered by a term: the protein-name lookup whose genes joined the list. */
  proteinLookup?: ProteinLookupResult | null;
}

export class DiseaseService {
  constructor(
    private readonly db: DataSource,
    private readonly geneSearch: SearchService,
    private readonly counts: ListCountReader,
  ) {}

  /** A disease's genes by symbol (the list without a term: with one, rankedGenePages orders it). */
  private readonly geneList = groupedList(this.db, DISEASE_GENES, String);
  private readonly mutationList = groupedList(this.db, DISEASE_MUTATIONS, String, this.counts);
  /** A disease's studies, newest first; they have no consensus status, so no mode applies. */
  private readonly paperList = groupedList(this.db, DISEASE_PAPERS, String, this.counts);

  /**
   * Diseases matching a term: the HDOID exactly (a bare number means DOID:number), else a substring
   * of the label or definition. Exact HDOID first, then exact label, label prefix, label substring,
   * definition substring; ties by label. request null returns every match (downloads).
   */
  async search(q: string, request: PageRequest | null) {
    const term = checkSearchTerm(q.toLowerCase());
    const params = {
      hd: /^\d+$/.test(term) ? `doid:${term}` : term,
      term,
      prefix: `${likeEscape(term)}%`,
      contains: `%${likeEscape(term)}%`,
    };
    const base = () =>
      this.db
        .getRepository(Disease)
        .createQueryBuilder("d")
        .where(
          "(LOWER(d.hdoid) = :hd OR LOWER(d.description) LIKE :contains ESCAPE '!' OR LOWER(d.definition) LIKE :contains ESCAPE '!')",
          params,
        );
    const total = await base().getCount();
    const page = base()
      .select("d.hdoid", "hdoid")
      .addSelect(
        `CASE WHEN LOWER(d.hdoid) = :hd THEN 0 WHEN LOWER(d.description) = :term THEN 1
              WHEN LOWER(d.description) LIKE :prefix ESCAPE '!' THEN 2
              WHEN LOWER(d.description) LIKE :contains ESCAPE '!' THEN 3 ELSE 4 END`,
        "search_rank",
      )
      .addSelect("LOWER(d.description)", "label")
      .orderBy("search_rank", "ASC")
      .addOrderBy("label", "ASC")
      .addOrderBy("d.hdoid", "ASC");
    const { rows, pagination } = await searchPage<{ hdoid: string }, Disease>(page, total, request);
    return { hdoids: rows.map((r) => r.hdoid), pagination };
  }

  async byIds(hdoids: readonly string[]): Promise<Map<string, Disease>> {
    return rowsByKey(this.db, Disease, "hdoid", hdoids);
  }

  async mutationsByIds(ids: readonly number[]): Promise<Map<number, Mutation>> {
    return rowsByKey(this.db, Mutation, "id", ids);
  }

  /**
   * One page of genes per disease, with totals: by symbol without a term; with one, the genes the
   * gene search ranking matches (gene-ranking.ts, with the protein-name lookup's genes added) or whose
   * symbol or MGI id holds the term, in the search order.
   */
  async genePages(hdoids: readonly string[], args: DiseaseListArgs): Promise<Map<string, GroupPage>> {
    if (hdoids.length === 0) return new Map();
    if (args.term !== "") return this.rankedGenePages(hdoids, args);
    // No term from here on: the whole list, by symbol, and its totals unfiltered.
    return groupPages(this.db, this.geneList, hdoids, args);
  }

  /** `genePages` for a term: every gene of the diseases is read (hundreds), matched and ordered in memory. */
  private async rankedGenePages(
    hdoids: readonly string[],
    args: DiseaseListArgs,
  ): Promise<Map<string, GroupPage>> {
    const [{ ranked, lookup }, rows] = await Promise.all([
      this.geneSearch.rankGenes(args.term),
      (() => {
        const filter = geneTextFilter(args.term)!;
        return listRows(this.db, DISEASE_GENES, hdoids)
          .select(DISEASE_GENES.parent, "grp")
          .addSelect("g.id", "id")
          .addSelect("g.human_name", "name")
          .addSelect("g.is_consensus", "consensus")
          .addSelect(`CASE WHEN ${filter.sql} THEN 1 ELSE 0 END`, "substring")
          .setParameters(filter.params)
          .getRawMany<{ grp: string; id: number; name: string; consensus: unknown; substring: unknown }>();
      })(),
    ]);
    const byId = new Map(ranked.map((r) => [r.id, r]));
    const wanted = (consensus: boolean) => args.mode === "all" || (args.mode === "consensus") === consensus;
    const pages = new Map<string, GroupPage>();
    for (const hdoid of hdoids) {
      const of = rows.filter((r) => r.grp === hdoid);
      const matching: (RankedGene & { consensus: boolean })[] = [];
      for (const r of of) {
        const id = Number(r.id);
        const consensus = Boolean(Number(r.consensus));
        const hit = byId.get(id);
        if (hit) matching.push({ ...hit, consensus });
        else if (Number(r.substring) === 1)
          matching.push({
            id,
            name: r.name,
            rank: MATCH_RANK.filterSubstring,
            tier: 0,
            proteinDerived: false,
            consensus,
          });
      }
      const shown = matching.filter((m) => wanted(m.consensus));
      const request = args.request ?? { page: 1, pageSize: Math.max(1, shown.length) };
      const start = (request.page - 1) * request.pageSize;
      const page = pageInRankOrder(shown, start, start + request.pageSize);
      pages.set(hdoid, {
        ids: page.map((m) => m.id),
        matches: page.map((m) => ({
          geneId: m.id,
          match: matchKind(m.rank),
          proteinDerived: m.proteinDerived,
        })),
        proteinLookup: lookup,
        totals: {
          total: of.length,
          matching: matching.length,
          consensus: matching.filter((m) => m.consensus).length,
        },
      });
    }
    return pages;
  }

  /** One page of mutations per disease (by chromosome, position), with totals. */
  async mutationPages(hdoids: readonly string[], args: DiseaseListArgs): Promise<Map<string, GroupPage>> {
    return groupPages(this.db, this.mutationList, hdoids, args);
  }

  /** One page of studies per disease (newest first), with totals. */
  async paperPages(hdoids: readonly string[], args: DiseaseListArgs): Promise<Map<string, GroupPage>> {
    return groupPages(this.db, this.paperList, hdoids, args);
  }
}
