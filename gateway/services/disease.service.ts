import type { DataSource, SelectQueryBuilder } from "typeorm";
import { Disease, DiseaseGene, Gene, Mutation, Paper } from "../../schema";
import {
  type GeneMatch,
  MATCH_RANK,
  matchKind,
  pageInRankOrder,
  type RankedGene,
} from "../search/gene-ranking";
import {
  checkSearchTerm,
  consensusCounts,
  type GroupedList,
  groupPages,
  type ListCounts,
  type ListMode,
  type ListTotals,
  modeParams,
  num,
  rowsByKey,
  searchPage,
  textFilter,
  totalsOnly,
} from "./list-query";
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

/** Gene filter of the disease and publication screens: symbol or MGI substring, exact Entrez ids. */
export const geneTextFilter = (term: string) =>
  textFilter(term, ["g.human_name", "g.mgi"], ["g.human_entrez", "g.mouse_entrez", "g.rat_entrez"]);

/** Mutation filter: variant, gene symbol, function class, cDNA/protein change, study name. */
export const mutationTextFilter = (term: string) =>
  textFilter(term, [
    "m.variant",
    "g.human_name",
    "m.function_class",
    "m.cdna_variant",
    "m.protein_variant",
    "m.study_name",
  ]);

/** The order of a list of mutations (`m`): by place, chromosome then position. */
export const MUTATION_ORDER = "m.chromosome, m.position, m.id";
/** The order of a disease's genes (`g`) without a term: by symbol. */
export const DISEASE_GENE_ORDER = "LOWER(g.human_name), g.id";
/** The order of a disease's studies (`p`): newest first. */
export const DISEASE_PAPER_ORDER = "p.year DESC, p.pmid";

/** The mutations of each group (`group`: its column) by place: chromosome, position. */
export function mutationsByPlace<K>(
  query: GroupedList<K>["query"],
  group: string,
  keyOf: (grp: unknown) => K,
): GroupedList<K> {
  return {
    query,
    group,
    id: "m.id",
    order: MUTATION_ORDER,
    consensus: "g.is_consensus",
    keyOf,
  };
}

/** Paper filter (spec 1 §5): PMID, year, study name, title or description. */
export const paperTextFilter = (term: string) =>
  textFilter(term, ["p.name", "p.title", "p.description"], ["p.pmid", "p.year"]);

/**
 * The studies behind a disease's data, as (hdoid, pmid) pairs: proteomic studies reporting at least
 * one of its genes, and mutation studies reporting one of its mutations. `table` names the tables
 * (the release's read models are built from its staged ones); `only` restricts the diseases.
 */
export function diseasePaperPairs(table: (name: string) => string = (name) => name, only = ""): string {
  return `(SELECT dg.hdoid AS hdoid, pg.pmid AS pmid FROM ${table("disease_gene")} dg
    INNER JOIN ${table("paper_gene")} pg ON pg.gene_id = dg.gene_id${only && ` WHERE dg.hdoid IN (${only})`}
  UNION
  SELECT m.hdoid AS hdoid, pm.pmid AS pmid FROM ${table("mutation")} m
    INNER JOIN ${table("paper_mutation")} pm ON pm.mutation_id = m.id${only && ` WHERE m.hdoid IN (${only})`})`;
}
const DISEASE_PAPER_PAIRS = diseasePaperPairs(undefined, ":...pairHdoids");

export class DiseaseService {
  constructor(
    private readonly db: DataSource,
    private readonly geneSearch: SearchService,
  ) {}

  /** A disease's genes by symbol (the list without a term: with one, rankedGenePages orders it). */
  private readonly geneList: GroupedList<string> = {
    query: (hdoids, term) => this.genesQuery(hdoids, term),
    group: "dg.hdoid",
    id: "g.id",
    order: DISEASE_GENE_ORDER,
    consensus: "g.is_consensus",
    keyOf: String,
  };

  private readonly mutationList = mutationsByPlace(
    (hdoids, term) => this.mutationsQuery(hdoids, term),
    "m.hdoid",
    String,
  );

  /** A disease's studies, newest first; they have no consensus status, so no mode applies. */
  private readonly paperList: GroupedList<string> = {
    query: (hdoids, term) => this.papersQuery(hdoids, term),
    group: "dp.hdoid",
    id: "p.pmid",
    order: DISEASE_PAPER_ORDER,
    consensus: null,
    keyOf: String,
  };

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

  /** Genes and consensus genes per disease. */
  async geneCounts(hdoids: readonly string[]): Promise<Map<string, ListCounts>> {
    if (hdoids.length === 0) return new Map();
    return consensusCounts(this.genesQuery(hdoids, ""), "dg.hdoid", String);
  }

  /** Mutations and mutations in consensus genes per disease. */
  async mutationCounts(hdoids: readonly string[]): Promise<Map<string, ListCounts>> {
    if (hdoids.length === 0) return new Map();
    return consensusCounts(this.mutationsQuery(hdoids, ""), "m.hdoid", String);
  }

  /** Studies behind each disease's data (see DISEASE_PAPER_PAIRS). */
  async paperCounts(hdoids: readonly string[]): Promise<Map<string, number>> {
    if (hdoids.length === 0) return new Map();
    const rows = await this.db
      .createQueryBuilder()
      .select("dp.hdoid", "grp")
      .addSelect("COUNT(*)", "total")
      .from(DISEASE_PAPER_PAIRS, "dp")
      .setParameters({ pairHdoids: hdoids })
      .groupBy("dp.hdoid")
      .getRawMany();
    return new Map(rows.map((r) => [String(r.grp), num(r.total)]));
  }

  private genesQuery(hdoids: readonly string[], term: string): SelectQueryBuilder<DiseaseGene> {
    const qb = this.db
      .getRepository(DiseaseGene)
      .createQueryBuilder("dg")
      .innerJoin(Gene, "g", "g.id = dg.gene_id")
      .where("dg.hdoid IN (:...hdoids)", { hdoids, ...modeParams });
    const filter = geneTextFilter(term);
    if (filter) qb.andWhere(filter.sql, filter.params);
    return qb;
  }

  private mutationsQuery(hdoids: readonly string[], term: string): SelectQueryBuilder<Mutation> {
    const qb = this.db
      .getRepository(Mutation)
      .createQueryBuilder("m")
      .innerJoin(Gene, "g", "g.id = m.gene_id")
      .where("m.hdoid IN (:...hdoids)", { hdoids, ...modeParams });
    const filter = mutationTextFilter(term);
    if (filter) qb.andWhere(filter.sql, filter.params);
    return qb;
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
        return this.db
          .getRepository(DiseaseGene)
          .createQueryBuilder("dg")
          .innerJoin(Gene, "g", "g.id = dg.gene_id")
          .select("dg.hdoid", "grp")
          .addSelect("g.id", "id")
          .addSelect("g.human_name", "name")
          .addSelect("g.is_consensus", "consensus")
          .addSelect(`CASE WHEN ${filter.sql} THEN 1 ELSE 0 END`, "substring")
          .where("dg.hdoid IN (:...hdoids)", { hdoids })
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
    return groupPages(this.db, this.mutationList, hdoids, args, async () =>
      totalsOnly(await this.mutationCounts(hdoids)),
    );
  }

  private papersQuery(hdoids: readonly string[], term: string): SelectQueryBuilder<object> {
    const qb = this.db
      .createQueryBuilder()
      .from(DISEASE_PAPER_PAIRS, "dp")
      .innerJoin(Paper, "p", "p.pmid = dp.pmid")
      .setParameters({ pairHdoids: hdoids });
    const filter = paperTextFilter(term);
    if (filter) qb.where(filter.sql, filter.params);
    return qb;
  }

  /** One page of studies per disease (newest first), with totals. */
  async paperPages(hdoids: readonly string[], args: DiseaseListArgs): Promise<Map<string, GroupPage>> {
    return groupPages(this.db, this.paperList, hdoids, args, () => this.paperCounts(hdoids));
  }
}
