import type { DataSource } from "typeorm";
import {
  BrainRegion,
  Chapter,
  Disease,
  DiseaseGene,
  Gene,
  Localisation,
  Mutation,
  Paper,
  PaperGene,
  PaperMutation,
} from "../../schema";
import type { AnalysisBackground, EnrichmentCategory } from "../../schema/analysis-views.type";
import {
  type ComparedGene,
  type ComparedGenePage,
  type ComparedSet,
  type CompareSetInput,
  CompareSetKind,
  type IntersectionEnrichment,
  MAX_COMPARED_SETS,
  MIN_COMPARED_SETS,
  type SetComparison,
  type SetIntersection,
} from "../../schema/compare.type";
import { MAX_ANALYSIS_IDENTIFIERS } from "../analysis/identifiers";
import { BadInputError, NotFoundError } from "../errors";
import type { AnalysisService } from "./analysis";
import { boundedIdentifierList } from "./analysis/identifier-mapping";
import { chunks } from "./chunks";
import type { GeneService } from "./gene.service";
import { geneSummariesOf } from "./gene-summaries";
import { checkPage, pagination } from "./paging";

/** Longest value of a set that is not a gene list (a label, id or PMID). */
const MAX_NAME_LENGTH = 255;

/**
 * A key whose plain string order is the natural order of symbols (SYN2 before SYN10): digit runs
 * padded, case folded. Comparing keys costs a tenth of Intl.Collator's numeric compare, which took
 * 150 ms for the 10,000 genes of six large diseases.
 */
const naturalKey = (symbol: string) => symbol.toUpperCase().replace(/\d+/g, (d) => d.padStart(12, "0"));

const KIND_NAMES: Record<CompareSetKind, string> = {
  DISEASE: "disease",
  ICD11_CHAPTER: "ICD-11 chapter",
  COMPARTMENT: "compartment",
  BRAIN_REGION: "brain region",
  STUDY: "study",
  GENE_LIST: "gene list",
};

interface GeneFact {
  symbol: string;
  consensus: boolean;
}

/** A set being built: what it resolved to, the genes found for that id and their symbols and flags. */
interface ResolvedSet {
  spec: CompareSetInput;
  resolvedId: string | null;
  label: string;
  genes: Set<number>;
  facts: Map<number, GeneFact>;
  unmapped: string[];
  ambiguous: ComparedSet["ambiguous"];
}

/** A membership row: the id of what holds the gene (disease, chapter, ...), the gene and its facts. */
type MemberRow = { grp: unknown; gene_id: unknown; symbol: string; consensus: unknown };

/** Gene ids grouped by the id of what holds them, with every gene's symbol and consensus flag. */
interface Members {
  byId: Map<string, Set<number>>;
  facts: Map<number, GeneFact>;
}

/** The gene columns every membership query selects beside its group and gene id (gene joined as g). */
const GENE_FACTS = ["g.human_name AS symbol", "g.is_consensus AS consensus"];

function group(rows: MemberRow[]): Members {
  const out: Members = { byId: new Map(), facts: new Map() };
  for (const r of rows) {
    const key = String(r.grp);
    const id = Number(r.gene_id);
    const set = out.byId.get(key) ?? new Set<number>();
    set.add(id);
    out.byId.set(key, set);
    out.facts.set(id, { symbol: r.symbol, consensus: Boolean(Number(r.consensus)) });
  }
  return out;
}

/** Bits of a mask, ascending. */
function bitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < MAX_COMPARED_SETS; i++) if (mask & (1 << i)) out.push(i);
  return out;
}

/**
 * Comparison of gene sets (diseases, chapters, compartments, regions, studies, pasted lists): each
 * kind's sets are resolved and their genes fetched in one batched query per kind, and the
 * intersections are counted in memory from one membership mask per gene.
 */
export class CompareService {
  constructor(
    private readonly db: DataSource,
    private readonly analysis: AnalysisService,
    private readonly genes: GeneService,
  ) {}

  async compare(specs: readonly CompareSetInput[]): Promise<SetComparison> {
    if (specs.length < MIN_COMPARED_SETS || specs.length > MAX_COMPARED_SETS)
      throw new BadInputError(
        `Compare ${MIN_COMPARED_SETS} to ${MAX_COMPARED_SETS} sets: ${specs.length} given`,
      );
    for (const spec of specs) {
      if (spec.kind !== CompareSetKind.GENE_LIST && spec.value.trim().length > MAX_NAME_LENGTH)
        throw new BadInputError(`A ${KIND_NAMES[spec.kind]} value is at most ${MAX_NAME_LENGTH} characters`);
      if (spec.value.trim() === "")
        throw new BadInputError(`Give a value for the ${KIND_NAMES[spec.kind]} set`);
    }
    const sets = await Promise.all([
      this.resolveDiseases(specs),
      this.resolveChapters(specs),
      this.resolveCompartments(specs),
      this.resolveRegions(specs),
      this.resolveStudies(specs),
      this.resolveGeneLists(specs),
    ]).then((parts) => {
      const byIndex = new Map<number, ResolvedSet>();
      for (const part of parts) for (const [i, set] of part) byIndex.set(i, set);
      return specs.map((_, i) => byIndex.get(i)!);
    });

    // Named sets brought their genes' facts with them; only pasted lists' genes are looked up.
    const genes = new Map<number, GeneFact>();
    for (const set of sets) for (const [id, fact] of set.facts) genes.set(id, fact);
    const missing = [...new Set(sets.flatMap((s) => [...s.genes]))].filter((id) => !genes.has(id));
    for (const [id, fact] of await this.geneFacts(missing)) genes.set(id, fact);
    const memberships = new Map<number, number>();
    sets.forEach((set, i) => {
      for (const id of set.genes) {
        if (set.spec.consensusOnly && !genes.get(id)?.consensus) continue;
        memberships.set(id, (memberships.get(id) ?? 0) | (1 << i));
      }
    });
    const symbols = new Map<number, string>();
    const keys = new Map<number, string>();
    for (const id of memberships.keys()) {
      const symbol = genes.get(id)?.symbol ?? String(id);
      symbols.set(id, symbol);
      keys.set(id, naturalKey(symbol));
    }

    const byMask = new Map<number, number[]>();
    const sizes = sets.map(() => 0);
    for (const [id, mask] of memberships) {
      const list = byMask.get(mask);
      if (list) list.push(id);
      else byMask.set(mask, [id]);
    }
    for (const [mask, ids] of byMask) for (const i of bitsOf(mask)) sizes[i]! += ids.length;
    const intersections: SetIntersection[] = [...byMask]
      .map(([mask, ids]) => this.named(bitsOf(mask), ids, symbols, keys))
      .sort(
        (a, b) =>
          b.exclusiveSize - a.exclusiveSize ||
          a.sets.length - b.sets.length ||
          a.sets.join(",").localeCompare(b.sets.join(","), "en", { numeric: true }),
      );

    return {
      sets: sets.map((set, index) => ({
        index,
        kind: set.spec.kind,
        value: set.spec.value,
        resolvedId: set.resolvedId,
        label: set.spec.consensusOnly ? `${set.label} (consensus genes)` : set.label,
        consensusOnly: Boolean(set.spec.consensusOnly),
        size: sizes[index]!,
        unmapped: set.unmapped,
        ambiguous: set.ambiguous,
      })),
      unionSize: memberships.size,
      intersections,
      unmapped: [...new Set(sets.flatMap((s) => s.unmapped))],
      memberships,
      symbols,
      sortKeys: keys,
    };
  }

  /** The exclusive intersection of exactly these sets (empty when no gene is in exactly them). */
  intersection(comparison: SetComparison, setIndices: readonly number[]): SetIntersection {
    const indices = [...new Set(setIndices)].sort((a, b) => a - b);
    if (indices.length === 0) throw new BadInputError("Name at least one set of the intersection");
    for (const i of indices)
      if (!Number.isInteger(i) || i < 0 || i >= comparison.sets.length)
        throw new BadInputError(
          `Set index ${i} is out of range: the comparison has sets 0 to ${comparison.sets.length - 1}`,
        );
    const mask = indices.reduce((m, i) => m | (1 << i), 0);
    const ids: number[] = [];
    for (const [id, m] of comparison.memberships) if (m === mask) ids.push(id);
    return this.named(indices, ids, comparison.symbols, comparison.sortKeys);
  }

  /** One page of an intersection's genes with their evidence (studies, compartments, mutations). */
  async genePage(geneIds: readonly number[], page: number, pageSize: number): Promise<ComparedGenePage> {
    const request = checkPage(page, pageSize);
    const slice = geneIds.slice((request.page - 1) * request.pageSize, request.page * request.pageSize);
    return { pagination: pagination(request, geneIds.length), genes: await this.geneRows(slice) };
  }

  /** Genes with their evidence, in the order given (three batched queries per 500 genes). */
  async geneRows(geneIds: readonly number[]): Promise<ComparedGene[]> {
    const rows = new Map<number, ComparedGene>();
    for (const part of chunks(geneIds)) {
      const mutations = await this.genes.mutationCounts(part);
      for (const [id, gene] of await geneSummariesOf(this.db, part))
        rows.set(id, { ...gene, mutationCount: mutations.get(id) ?? 0 });
    }
    return geneIds.map((id) => rows.get(id)).filter((g) => g !== undefined);
  }

  /** Over-representation in an intersection's genes, by the gene-list analysis's own test. */
  async enrichment(
    comparison: SetComparison,
    setIndices: readonly number[],
    options: {
      background: AnalysisBackground;
      backgroundIdentifiers?: string[] | null;
      categories?: EnrichmentCategory[] | null;
    },
  ): Promise<IntersectionEnrichment> {
    const chosen = this.intersection(comparison, setIndices);
    const tested = await this.analysis.enrichGenes(chosen.geneIds, comparison.symbols, options);
    return { sets: chosen.sets, geneCount: chosen.exclusiveSize, ...tested };
  }

  /** An intersection with its genes in natural symbol order (then by id). */
  private named(
    sets: number[],
    ids: number[],
    symbols: Map<number, string>,
    keys: Map<number, string>,
  ): SetIntersection {
    ids.sort((a, b) => {
      const ka = keys.get(a) ?? "";
      const kb = keys.get(b) ?? "";
      return ka < kb ? -1 : ka > kb ? 1 : a - b;
    });
    return {
      sets,
      exclusiveSize: ids.length,
      geneIds: ids,
      symbols: ids.map((id) => symbols.get(id) ?? String(id)),
    };
  }

  /** Symbol and consensus flag of genes. */
  private async geneFacts(ids: number[]): Promise<Map<number, GeneFact>> {
    const out = new Map<number, GeneFact>();
    for (const part of chunks(ids)) {
      const rows = await this.db
        .getRepository(Gene)
        .createQueryBuilder("g")
        .select(["g.id AS id", "g.human_name AS symbol", "g.is_consensus AS consensus"])
        .where("g.id IN (:...part)", { part })
        .getRawMany<{ id: number; symbol: string; consensus: unknown }>();
      for (const r of rows)
        out.set(Number(r.id), { symbol: r.symbol, consensus: Boolean(Number(r.consensus)) });
    }
    return out;
  }

  /** The specs of one kind, with their input positions. */
  private ofKind(specs: readonly CompareSetInput[], kind: CompareSetKind) {
    return specs.flatMap((spec, index) => (spec.kind === kind ? [{ spec, index }] : []));
  }

  /**
   * Resolve the named sets of one kind: find each value's record (one query), fetch the genes of
   * every record found (one query), and say which value matched nothing.
   */
  private async resolveNamed<R>(
    specs: readonly CompareSetInput[],
    kind: CompareSetKind,
    find: (values: string[]) => Promise<R[]>,
    matches: (record: R, value: string) => boolean,
    identify: (record: R) => { id: string; label: string },
    members: (ids: string[]) => Promise<Members>,
  ): Promise<Map<number, ResolvedSet>> {
    const wanted = this.ofKind(specs, kind);
    const out = new Map<number, ResolvedSet>();
    if (wanted.length === 0) return out;
    const values = wanted.map((w) => w.spec.value.trim());
    const records = await find([...new Set(values)]);
    const resolved = wanted.map(({ spec, index }) => {
      const value = spec.value.trim();
      const record = records.find((r) => matches(r, value));
      if (!record) throw new NotFoundError(`Unknown ${KIND_NAMES[kind]}: '${value}'`);
      return { spec, index, ...identify(record) };
    });
    const found = await members([...new Set(resolved.map((r) => r.id))]);
    for (const r of resolved)
      out.set(r.index, {
        spec: r.spec,
        resolvedId: r.id,
        label: r.label,
        genes: found.byId.get(r.id) ?? new Set(),
        facts: found.facts,
        unmapped: [],
        ambiguous: [],
      });
    return out;
  }

  private resolveDiseases(specs: readonly CompareSetInput[]) {
    return this.resolveNamed(
      specs,
      CompareSetKind.DISEASE,
      // Every value is tried as an HDOID, and one not shaped like an HDOID also as a label (a label
      // match scans the disease table): one query for every disease set.
      (values) => {
        const names = values.filter((v) => !/^DOID:\S+$/i.test(v)).map((v) => v.toLowerCase());
        const qb = this.db
          .getRepository(Disease)
          .createQueryBuilder("d")
          .select(["d.hdoid", "d.description"])
          .where("d.hdoid IN (:...ids)", { ids: values.map((v) => v.toUpperCase()) });
        if (names.length > 0) qb.orWhere("LOWER(d.description) IN (:...names)", { names });
        return qb.orderBy("d.hdoid").getMany();
      },
      (d, value) =>
        d.hdoid.toUpperCase() === value.toUpperCase() || d.description.toLowerCase() === value.toLowerCase(),
      (d) => ({ id: d.hdoid, label: d.description }),
      async (hdoids) =>
        group(
          await this.db
            .getRepository(DiseaseGene)
            .createQueryBuilder("dg")
            .innerJoin(Gene, "g", "g.id = dg.gene_id")
            .select(["dg.hdoid AS grp", "dg.gene_id AS gene_id", ...GENE_FACTS])
            .where("dg.hdoid IN (:...hdoids)", { hdoids })
            .getRawMany(),
        ),
    );
  }

  private resolveChapters(specs: readonly CompareSetInput[]) {
    // '8' and '08' name the same chapter; titles match case-insensitively.
    const number = (v: string) => (/^\d{1,2}$/.test(v) ? v.padStart(2, "0") : v.toUpperCase());
    return this.resolveNamed(
      specs,
      CompareSetKind.ICD11_CHAPTER,
      () => this.db.getRepository(Chapter).find(), // 26 rows
      (c, value) => c.chapter.toUpperCase() === number(value) || c.name.toLowerCase() === value.toLowerCase(),
      (c) => ({ id: c.chapter, label: `${c.chapter} ${c.name}` }),
      async (chapters) =>
        group(
          await this.db
            .getRepository(DiseaseGene)
            .createQueryBuilder("dg")
            .innerJoin(Disease, "d", "d.hdoid = dg.hdoid")
            .innerJoin(Gene, "g", "g.id = dg.gene_id")
            .select(["d.icd11_chapter AS grp", "dg.gene_id AS gene_id", ...GENE_FACTS])
            .distinct(true)
            .where("d.icd11_chapter IN (:...chapters)", { chapters })
            .getRawMany(),
        ),
    );
  }

  private resolveCompartments(specs: readonly CompareSetInput[]) {
    return this.resolveNamed(
      specs,
      CompareSetKind.COMPARTMENT,
      () => this.db.getRepository(Localisation).find(), // four rows
      (l, value) => l.name.toLowerCase() === value.toLowerCase() || String(l.id) === value,
      (l) => ({ id: String(l.id), label: l.name }),
      async (ids) =>
        group(
          await this.db
            .getRepository(PaperGene)
            .createQueryBuilder("pg")
            .innerJoin(Gene, "g", "g.id = pg.gene_id")
            .select(["pg.localisation_id AS grp", "pg.gene_id AS gene_id", ...GENE_FACTS])
            .distinct(true)
            .where("pg.localisation_id IN (:...ids)", { ids: ids.map(Number) })
            .getRawMany(),
        ),
    ).then((sets) => {
      // The compartment's name is its id to the outside (as in the compartment pages and the network).
      for (const set of sets.values()) set.resolvedId = set.label;
      return sets;
    });
  }

  private resolveRegions(specs: readonly CompareSetInput[]) {
    return this.resolveNamed(
      specs,
      CompareSetKind.BRAIN_REGION,
      () => this.db.getRepository(BrainRegion).find(),
      (r, value) => String(r.id) === value || r.name.toLowerCase() === value.toLowerCase(),
      (r) => ({ id: String(r.id), label: r.name }),
      async (ids) =>
        group(
          await this.db
            .getRepository(PaperGene)
            .createQueryBuilder("pg")
            .innerJoin(Gene, "g", "g.id = pg.gene_id")
            .select(["pg.brain_region_id AS grp", "pg.gene_id AS gene_id", ...GENE_FACTS])
            .distinct(true)
            .where("pg.brain_region_id IN (:...ids)", { ids: ids.map(Number) })
            .getRawMany(),
        ),
    );
  }

  private resolveStudies(specs: readonly CompareSetInput[]) {
    const pmidOf = (v: string) => (/^(?:PMID:?\s*)?\d{1,9}$/i.test(v) ? Number(v.replace(/\D/g, "")) : null);
    for (const { spec } of this.ofKind(specs, CompareSetKind.STUDY))
      if (pmidOf(spec.value.trim()) === null)
        throw new BadInputError(`A study is named by its PMID (a whole number): '${spec.value.trim()}'`);
    return this.resolveNamed(
      specs,
      CompareSetKind.STUDY,
      (values) =>
        this.db
          .getRepository(Paper)
          .createQueryBuilder("p")
          .select(["p.pmid", "p.name", "p.year"])
          .where("p.pmid IN (:...pmids)", { pmids: values.map(pmidOf) })
          .getMany(),
      (p, value) => p.pmid === pmidOf(value),
      (p) => ({ id: String(p.pmid), label: `${p.name} (PMID ${p.pmid})` }),
      async (ids) => {
        const pmids = ids.map(Number);
        const reported = await this.db
          .getRepository(PaperGene)
          .createQueryBuilder("pg")
          .innerJoin(Gene, "g", "g.id = pg.gene_id")
          .select(["pg.pmid AS grp", "pg.gene_id AS gene_id", ...GENE_FACTS])
          .distinct(true)
          .where("pg.pmid IN (:...pmids)", { pmids })
          .getRawMany<MemberRow>();
        const mutated = await this.db
          .getRepository(PaperMutation)
          .createQueryBuilder("pm")
          .innerJoin(Mutation, "m", "m.id = pm.mutation_id")
          .innerJoin(Gene, "g", "g.id = m.gene_id")
          .select(["pm.pmid AS grp", "m.gene_id AS gene_id", ...GENE_FACTS])
          .distinct(true)
          .where("pm.pmid IN (:...pmids)", { pmids })
          .getRawMany<MemberRow>();
        return group([...reported, ...mutated]);
      },
    );
  }

  /** Every pasted list is mapped in one batch, exactly as analyzeGeneList maps identifiers. */
  private async resolveGeneLists(specs: readonly CompareSetInput[]): Promise<Map<number, ResolvedSet>> {
    const lists = this.ofKind(specs, CompareSetKind.GENE_LIST).map(({ spec, index }) => ({
      spec,
      index,
      ids: boundedIdentifierList([spec.value], MAX_ANALYSIS_IDENTIFIERS, "identifiers in a gene list"),
    }));
    const out = new Map<number, ResolvedSet>();
    if (lists.length === 0) return out;
    for (const list of lists)
      if (list.ids.length === 0) throw new BadInputError("A gene list set needs at least one identifier");
    const all = [...new Map(lists.flatMap((l) => l.ids).map((id) => [id.toUpperCase(), id])).values()];
    const mapping = await this.analysis.mapIdentifiers(all);
    const key = (id: string) => id.toUpperCase();
    const mapped = new Map(mapping.mapped.map((m) => [key(m.identifier), m.geneId]));
    const ambiguous = new Map(mapping.ambiguous.map((a) => [key(a.identifier), a]));
    for (const list of lists) {
      const set: ResolvedSet = {
        spec: list.spec,
        resolvedId: null,
        label: `Gene list (${list.ids.length.toLocaleString("en-US")} identifier${list.ids.length === 1 ? "" : "s"})`,
        genes: new Set(),
        facts: new Map(),
        unmapped: [],
        ambiguous: [],
      };
      for (const id of list.ids) {
        const gene = mapped.get(key(id));
        const several = ambiguous.get(key(id));
        if (gene !== undefined) set.genes.add(gene);
        else if (several) set.ambiguous.push({ identifier: id, candidates: several.candidates });
        else set.unmapped.push(id);
      }
      out.set(list.index, set);
    }
    return out;
  }
}
