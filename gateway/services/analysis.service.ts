import type { DataSource, SelectQueryBuilder } from "typeorm";
import {
  BrainRegion,
  Chapter,
  Disease,
  DiseaseGene,
  Gene,
  GeneTerm,
  GoGene,
  GoTerm,
  Localisation,
  PaperGene,
  SyngoAnnotation,
  SyngoAnnotationGene,
} from "../../schema";
import {
  type AmbiguousIdentifier,
  AnalysisBackground,
  type AnalysisCandidate,
  type AnalysisGene,
  EnrichmentCategory,
  type EnrichmentTerm,
  type GeneListAnalysis,
  type MappedIdentifier,
} from "../../schema/analysis-views.type";
import {
  identifierKinds,
  MAX_ANALYSIS_IDENTIFIERS,
  MAX_BACKGROUND_IDENTIFIERS,
  normaliseIdentifier,
  parseIdentifierList,
} from "../analysis/identifiers";
import { benjaminiHochberg, hypergeometricUpperTail } from "../analysis/statistics";
import { BadInputError } from "../errors";
import { DEFAULT_TERM_SIZES, readReleaseDocument } from "./read-models/release-documents";
import type { ReleaseWatcher } from "./release-watcher";

/** Bound of every IN (...) list: long lists are looked up in chunks of this size. */
const CHUNK = 500;
const MAX_IDENTIFIER_LENGTH = 64;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface IdentifierMapping {
  mapped: MappedIdentifier[];
  ambiguous: AmbiguousIdentifier[];
  unmapped: string[];
}

/** Candidate genes of one lookup key, by match tier (lower tiers win). */
type Hits = Map<string, Map<number, { symbol: string; matchedBy: string; tier: number }>>;

const TIER = { id: 0, symbol: 1, orthologSymbol: 2, alias: 3 } as const;

interface CategoryQuery {
  /** (gene_id AS gene_id, term id AS term) pairs joined to what names the term; gene alias "g" is joined. */
  pairs: (db: DataSource) => SelectQueryBuilder<object>;
  geneColumn: string;
  termColumn: string;
  /** Label and group expressions (aggregated with MAX). */
  name: string;
  group: string | null;
  synthetic: string | null;
}

const CATEGORY_QUERIES: Record<EnrichmentCategory, CategoryQuery> = {
  [EnrichmentCategory.COMPARTMENT]: {
    pairs: (db) =>
      db
        .getRepository(PaperGene)
        .createQueryBuilder("x")
        .innerJoin(Localisation, "t", "t.id = x.localisation_id"),
    geneColumn: "x.gene_id",
    termColumn: "t.name",
    name: "t.name",
    group: null,
    synthetic: "x.is_synthetic",
  },
  [EnrichmentCategory.BRAIN_REGION]: {
    pairs: (db) =>
      db
        .getRepository(PaperGene)
        .createQueryBuilder("x")
        .innerJoin(BrainRegion, "t", "t.id = x.brain_region_id"),
    geneColumn: "x.gene_id",
    termColumn: "t.name",
    name: "t.name",
    group: null,
    synthetic: "x.is_synthetic",
  },
  [EnrichmentCategory.DISEASE]: {
    pairs: (db) =>
      db.getRepository(DiseaseGene).createQueryBuilder("x").innerJoin(Disease, "t", "t.hdoid = x.hdoid"),
    geneColumn: "x.gene_id",
    termColumn: "t.hdoid",
    name: "t.description",
    group: null,
    synthetic: null,
  },
  [EnrichmentCategory.ICD11_CHAPTER]: {
    pairs: (db) =>
      db
        .getRepository(DiseaseGene)
        .createQueryBuilder("x")
        .innerJoin(Disease, "d", "d.hdoid = x.hdoid")
        .innerJoin(Chapter, "t", "t.chapter = d.icd11_chapter"),
    geneColumn: "x.gene_id",
    termColumn: "t.chapter",
    name: "t.name",
    group: null,
    synthetic: null,
  },
  [EnrichmentCategory.GO]: {
    pairs: (db) =>
      db.getRepository(GoGene).createQueryBuilder("x").innerJoin(GoTerm, "t", "t.go_id = x.go_id"),
    geneColumn: "x.gene_id",
    termColumn: "x.go_id",
    name: "t.term",
    group: "t.domain",
    synthetic: null,
  },
  [EnrichmentCategory.SYNGO]: {
    pairs: (db) =>
      db
        .getRepository(SyngoAnnotationGene)
        .createQueryBuilder("x")
        .innerJoin(SyngoAnnotation, "t", "t.id = x.annotation_id"),
    geneColumn: "x.gene_id",
    termColumn: "t.go_id",
    name: "t.go_name",
    group: "t.go_domain",
    synthetic: null,
  },
};

type TermSizes = Map<string, { size: number; name: string; group: string | null; synthetic: boolean }>;

export const ALL_CATEGORIES = Object.values(EnrichmentCategory);

export interface AnalyzeRequest {
  identifiers: string[];
  background: AnalysisBackground;
  backgroundIdentifiers?: string[] | null;
  categories?: EnrichmentCategory[] | null;
}

/** Term sizes within the background: COUNT(DISTINCT gene) per term, in one grouped query (or one per chunk of a custom background). */
async function termSizesOf(
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
  const out = new Map<string, { size: number; name: string; group: string | null; synthetic: boolean }>();
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
    const sizes = await termSizesOf(db, category, AnalysisBackground.DATASET, []);
    // In term order, not the statement's: a document is the same bytes whatever plan SQL chose.
    stored[category] = [...sizes]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([term, t]) => [term, t.size, t.name, t.group, t.synthetic]);
  }
  return stored;
}

/** Gene-list mapping and over-representation analysis. Every lookup is batched (no per-identifier query). */
export class AnalysisService {
  constructor(
    private readonly db: DataSource,
    private readonly releases: ReleaseWatcher,
  ) {
    // A switch drops the old release's sizes at once, not at the next analysis.
    releases.subscribe((release) => {
      if (this.sizeCache.release !== release) this.sizeCache = { release, sizes: new Map() };
    });
  }

  /**
   * Term sizes of the built-in backgrounds do not depend on the list: they are kept per loaded
   * release (version and load time, from the release watcher), so an analysis only counts the list's
   * own annotations.
   */
  private sizeCache = { release: "", sizes: new Map<string, Promise<TermSizes>>() };

  private async cachedTermSizes(
    category: EnrichmentCategory,
    background: AnalysisBackground,
    customIds: number[],
    release: string,
  ): Promise<TermSizes> {
    if (background === AnalysisBackground.CUSTOM)
      return termSizesOf(this.db, category, background, customIds);
    if (this.sizeCache.release !== release) this.sizeCache = { release, sizes: new Map() };
    const key = `${category}:${background}`;
    let sizes = this.sizeCache.sizes.get(key);
    if (!sizes) {
      sizes = termSizesOf(this.db, category, background, customIds);
      this.sizeCache.sizes.set(key, sizes);
      sizes.catch(() => this.sizeCache.sizes.delete(key));
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
      if (this.sizeCache.release !== release) this.sizeCache = { release, sizes: new Map() };
      for (const category of ALL_CATEGORIES) {
        const sizes: TermSizes = new Map(
          (stored[category] ?? []).map(([term, size, name, group, synthetic]) => [
            term,
            { size, name, group, synthetic },
          ]),
        );
        this.sizeCache.sizes.set(`${category}:${background}`, Promise.resolve(sizes));
      }
      return;
    }
    // A database without the document (hand-made, say): counted as any built-in background is.
    const ids = await this.backgroundIds(background);
    for (const category of ALL_CATEGORIES) await this.cachedTermSizes(category, background, ids, release);
  }

  /** Split, de-duplicate and bound a list; too many identifiers is a user error. */
  static parseList(entries: readonly string[], max: number, what: string): string[] {
    const ids = parseIdentifierList(entries.join("\n"));
    if (ids.length > max)
      throw new BadInputError(
        `Too many ${what}: ${ids.length.toLocaleString("en-US")} given, at most ${max.toLocaleString("en-US")}`,
      );
    return ids;
  }

  /** Map identifiers to genes: one exact match → mapped; several → ambiguous; none → unmapped. */
  async mapIdentifiers(ids: readonly string[]): Promise<IdentifierMapping> {
    const keysByKind = new Map<string, Set<string>>();
    const keyOf = (id: string) =>
      identifierKinds(id).map((kind) => ({ kind, key: normaliseIdentifier(id, kind) }));
    const usable = ids.filter((id) => id.length <= MAX_IDENTIFIER_LENGTH);
    for (const id of usable)
      for (const { kind, key } of keyOf(id)) {
        const set = keysByKind.get(kind) ?? new Set<string>();
        set.add(key);
        keysByKind.set(kind, set);
      }
    const hits: Hits = new Map();
    const hit = (key: string, geneId: number, symbol: string, matchedBy: string, tier: number) => {
      const map = hits.get(key) ?? new Map();
      const old = map.get(geneId);
      if (!old || tier < old.tier) map.set(geneId, { symbol, matchedBy, tier });
      hits.set(key, map);
    };
    const genes = this.db.getRepository(Gene);
    const entrez = [...(keysByKind.get("entrez") ?? [])]
      .map(Number)
      .filter((n) => Number.isSafeInteger(n) && n <= 2_147_483_647);
    for (const part of chunks(entrez)) {
      const rows = await genes
        .createQueryBuilder("g")
        .select([
          "g.id AS id",
          "g.human_name AS name",
          "g.human_entrez AS h",
          "g.mouse_entrez AS m",
          "g.rat_entrez AS r",
        ])
        .where("g.human_entrez IN (:...n) OR g.mouse_entrez IN (:...n) OR g.rat_entrez IN (:...n)", {
          n: part,
        })
        .getRawMany<{ id: number; name: string; h: number | null; m: number | null; r: number | null }>();
      const wanted = new Set(part);
      for (const row of rows) {
        for (const [col, label] of [
          ["h", "human_entrez"],
          ["m", "mouse_entrez"],
          ["r", "rat_entrez"],
        ] as const) {
          const v = row[col] === null ? null : Number(row[col]);
          if (v !== null && wanted.has(v)) hit(`entrez:${v}`, Number(row.id), row.name, label, TIER.id);
        }
      }
    }
    for (const [kind, column] of [
      ["mgi", "mgi"],
      ["ensembl", "ensembl_id"],
      ["uniprot", "uniprot_id"],
    ] as const) {
      for (const part of chunks([...(keysByKind.get(kind) ?? [])])) {
        const rows = await genes
          .createQueryBuilder("g")
          .select(["g.id AS id", "g.human_name AS name", `g.${column} AS k`])
          .where(`g.${column} IN (:...keys)`, { keys: part })
          .getRawMany<{ id: number; name: string; k: string }>();
        for (const row of rows)
          hit(`${kind}:${String(row.k).toUpperCase()}`, Number(row.id), row.name, kind, TIER.id);
      }
    }
    const symbols = [...(keysByKind.get("symbol") ?? [])];
    for (const part of chunks(symbols)) {
      const terms = await this.db
        .getRepository(GeneTerm)
        .createQueryBuilder("t")
        .innerJoin(Gene, "g", "g.id = t.gene_id")
        .select(["t.gene_id AS id", "g.human_name AS name", "t.kind AS kind", "t.term AS term"])
        .where("t.kind IN ('symbol', 'alias') AND t.term IN (:...keys)", { keys: part })
        .getRawMany<{ id: number; name: string; kind: string; term: string }>();
      for (const row of terms)
        hit(
          `symbol:${row.term}`,
          Number(row.id),
          row.name,
          row.kind === "symbol" ? "symbol" : "alias",
          row.kind === "symbol" ? TIER.symbol : TIER.alias,
        );
      const orthologs = await genes
        .createQueryBuilder("g")
        .select(["g.id AS id", "g.human_name AS name", "g.mouse_name AS m", "g.rat_name AS r"])
        .where("LOWER(g.mouse_name) IN (:...keys) OR LOWER(g.rat_name) IN (:...keys)", { keys: part })
        .getRawMany<{ id: number; name: string; m: string | null; r: string | null }>();
      const wanted = new Set(part);
      for (const row of orthologs) {
        for (const [col, label] of [
          ["m", "mouse_symbol"],
          ["r", "rat_symbol"],
        ] as const) {
          const v = row[col]?.toLowerCase();
          if (v && wanted.has(v)) hit(`symbol:${v}`, Number(row.id), row.name, label, TIER.orthologSymbol);
        }
      }
    }
    const result: IdentifierMapping = { mapped: [], ambiguous: [], unmapped: [] };
    for (const id of ids) {
      // The best tier over every kind the identifier could be wins.
      const all: (AnalysisCandidate & { tier: number })[] = [];
      if (id.length <= MAX_IDENTIFIER_LENGTH)
        for (const { kind, key } of keyOf(id))
          for (const [geneId, h] of hits.get(`${kind}:${kind === "symbol" ? key : key.toUpperCase()}`) ?? [])
            all.push({ geneId, symbol: h.symbol, matchedBy: h.matchedBy, tier: h.tier });
      if (all.length === 0) {
        result.unmapped.push(id);
        continue;
      }
      const best = Math.min(...all.map((c) => c.tier));
      const byGene = new Map<number, AnalysisCandidate>();
      for (const c of all)
        if (c.tier === best && !byGene.has(c.geneId))
          byGene.set(c.geneId, { geneId: c.geneId, symbol: c.symbol, matchedBy: c.matchedBy });
      const candidates = [...byGene.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
      if (candidates.length === 1) result.mapped.push({ identifier: id, ...candidates[0]! });
      else result.ambiguous.push({ identifier: id, candidates });
    }
    return result;
  }

  /** Gene ids of a built-in background. */
  private async backgroundIds(kind: AnalysisBackground): Promise<number[]> {
    const qb = this.db.getRepository(Gene).createQueryBuilder("g").select("g.id", "id");
    if (kind === AnalysisBackground.SYNAPTIC) qb.where("g.paper_count > 0");
    if (kind === AnalysisBackground.CONSENSUS) qb.where("g.is_consensus = :yes", { yes: true });
    const rows = await qb.getRawMany<{ id: number }>();
    return rows.map((r) => Number(r.id));
  }

  /** Annotations shown beside each mapped gene: compartments, diseases and their ICD-11 chapters. */
  private async describeGenes(ids: number[]): Promise<Map<number, Omit<AnalysisGene, "identifiers">>> {
    const out = new Map<number, Omit<AnalysisGene, "identifiers">>();
    for (const part of chunks(ids)) {
      const genes = await this.db
        .getRepository(Gene)
        .createQueryBuilder("g")
        .where("g.id IN (:...part)", { part })
        .getMany();
      for (const g of genes)
        out.set(g.id, {
          geneId: g.id,
          symbol: g.humanName,
          description: g.description,
          humanEntrez: g.humanEntrez,
          isConsensus: Boolean(g.isConsensus),
          paperCount: g.paperCount,
          compartments: [],
          diseases: [],
          icd11Chapters: [],
        });
      const compartments = await this.db
        .getRepository(PaperGene)
        .createQueryBuilder("pg")
        .innerJoin(Localisation, "l", "l.id = pg.localisation_id")
        .select(["pg.gene_id AS gene_id", "l.name AS name"])
        .distinct(true)
        .where("pg.gene_id IN (:...part)", { part })
        .orderBy("l.name")
        .getRawMany<{ gene_id: number; name: string }>();
      for (const r of compartments) out.get(Number(r.gene_id))?.compartments.push(r.name);
      const diseases = await this.db
        .getRepository(DiseaseGene)
        .createQueryBuilder("dg")
        .innerJoin(Disease, "d", "d.hdoid = dg.hdoid")
        .leftJoin(Chapter, "c", "c.chapter = d.icd11_chapter")
        .select([
          "dg.gene_id AS gene_id",
          "d.description AS name",
          "c.chapter AS chapter",
          "c.name AS chapter_name",
        ])
        .where("dg.gene_id IN (:...part)", { part })
        .orderBy("d.description")
        .getRawMany<{ gene_id: number; name: string; chapter: string | null; chapter_name: string | null }>();
      for (const r of diseases) {
        const g = out.get(Number(r.gene_id));
        if (!g) continue;
        g.diseases.push(r.name);
        const label = r.chapter ? `${r.chapter} ${r.chapter_name ?? ""}`.trim() : null;
        if (label && !g.icd11Chapters.includes(label)) g.icd11Chapters.push(label);
      }
    }
    for (const g of out.values()) g.icd11Chapters.sort();
    return out;
  }

  /** (gene, term) pairs of the list's genes. */
  private async listPairs(category: EnrichmentCategory, ids: number[]): Promise<Map<string, Set<number>>> {
    const q = CATEGORY_QUERIES[category];
    const out = new Map<string, Set<number>>();
    for (const part of chunks(ids)) {
      const rows = await q
        .pairs(this.db)
        .select(q.geneColumn, "gene_id")
        .addSelect(q.termColumn, "term")
        .distinct(true)
        .where(`${q.geneColumn} IN (:...part)`, { part })
        .getRawMany<{ gene_id: number; term: string }>();
      for (const r of rows) {
        const key = String(r.term);
        const set = out.get(key) ?? new Set<number>();
        set.add(Number(r.gene_id));
        out.set(key, set);
      }
    }
    return out;
  }

  async analyze(request: AnalyzeRequest): Promise<GeneListAnalysis> {
    const ids = AnalysisService.parseList(request.identifiers, MAX_ANALYSIS_IDENTIFIERS, "identifiers");
    if (ids.length === 0) throw new BadInputError("Give at least one gene identifier");
    const mapping = await this.mapIdentifiers(ids);

    // Distinct genes in input order, with the identifiers that named each.
    const identifiersOf = new Map<number, string[]>();
    for (const m of mapping.mapped) {
      const list = identifiersOf.get(m.geneId);
      if (list) list.push(m.identifier);
      else identifiersOf.set(m.geneId, [m.identifier]);
    }
    const geneIds = [...identifiersOf.keys()];
    const described = await this.describeGenes(geneIds);
    const genes: AnalysisGene[] = geneIds
      .map((id) => described.get(id))
      .filter((g) => g !== undefined)
      .map((g) => ({ ...g, identifiers: identifiersOf.get(g.geneId) ?? [] }));

    const tested = await this.enrichGenes(geneIds, new Map(genes.map((g) => [g.geneId, g.symbol])), request);
    return {
      inputCount: ids.length,
      mapped: mapping.mapped,
      ambiguous: mapping.ambiguous,
      unmapped: mapping.unmapped,
      genes,
      ...tested,
    };
  }

  /**
   * Test mapped genes (in their order; symbolOf names them) for over-representation against the
   * request's background: the analysis of a pasted list and of a compared intersection alike.
   */
  async enrichGenes(
    geneIds: number[],
    symbolOf: Map<number, string>,
    request: Omit<AnalyzeRequest, "identifiers">,
  ): Promise<Pick<GeneListAnalysis, "background" | "categories" | "enrichment">> {
    const categories = request.categories?.length ? [...new Set(request.categories)] : ALL_CATEGORIES;
    let backgroundIds: number[];
    let unmappedBackground = 0;
    if (request.background === AnalysisBackground.CUSTOM) {
      const bg = AnalysisService.parseList(
        request.backgroundIdentifiers ?? [],
        MAX_BACKGROUND_IDENTIFIERS,
        "background identifiers",
      );
      if (bg.length === 0) throw new BadInputError("A custom background needs backgroundIdentifiers");
      const bgMapping = await this.mapIdentifiers(bg);
      backgroundIds = [...new Set(bgMapping.mapped.map((m) => m.geneId))];
      unmappedBackground = bgMapping.unmapped.length + bgMapping.ambiguous.length;
    } else {
      backgroundIds = await this.backgroundIds(request.background);
    }
    const inBackground = new Set(backgroundIds);
    const listIds = geneIds.filter((id) => inBackground.has(id));
    const N = backgroundIds.length;
    const n = listIds.length;
    const release = await this.releases.get();

    const enrichment: EnrichmentTerm[] = [];
    const categoryCounts = [];
    for (const category of categories) {
      const sizes = await this.cachedTermSizes(category, request.background, backgroundIds, release);
      categoryCounts.push({ category, testedTerms: sizes.size });
      if (n === 0) continue;
      const pairs = await this.listPairs(category, listIds);
      const terms: EnrichmentTerm[] = [];
      for (const [termId, members] of pairs) {
        const info = sizes.get(termId);
        if (!info) continue;
        const k = members.size;
        const K = info.size;
        const expected = (n * K) / N;
        terms.push({
          category,
          termId,
          termName: info.name,
          group: info.group,
          overlap: k,
          termSize: K,
          expected,
          foldEnrichment: expected > 0 ? k / expected : 0,
          pValue: hypergeometricUpperTail(k, N, K, n),
          fdr: 1,
          genes: [...members].map((id) => symbolOf.get(id) ?? String(id)).sort(),
          includesSyntheticData: info.synthetic,
        });
      }
      const fdr = benjaminiHochberg(
        terms.map((t) => t.pValue),
        sizes.size,
      );
      terms.forEach((t, i) => {
        t.fdr = fdr[i]!;
      });
      enrichment.push(...terms);
    }
    enrichment.sort(
      (a, b) =>
        a.pValue - b.pValue ||
        a.fdr - b.fdr ||
        b.foldEnrichment - a.foldEnrichment ||
        a.category.localeCompare(b.category) ||
        a.termId.localeCompare(b.termId),
    );
    return {
      background: {
        kind: request.background,
        size: N,
        listInBackground: n,
        listOutsideBackground: geneIds
          .filter((id) => !inBackground.has(id))
          .map((id) => symbolOf.get(id) ?? String(id)),
        unmappedBackgroundIdentifiers: unmappedBackground,
      },
      categories: categoryCounts,
      enrichment,
    };
  }
}
