import type { DataSource } from "typeorm";
import {
  BrainRegion,
  DiseaseGene,
  Gene,
  GoGene,
  Localisation,
  Mutation,
  OmimRecord,
  Paper,
  PaperGene,
  PaperMutation,
  Ppi,
  Species,
  SyngoAnnotation,
  SyngoAnnotationGene,
} from "../../schema";
import { Disease } from "../../schema/disease.entity";
import type { GeneDisease, GenePaper, GoAnnotation } from "../../schema/gene-views.type";
import { GoTerm } from "../../schema/go-term.entity";
import { BadInputError } from "../errors";
import { type GeneMatch, matchKind, pageInRankOrder } from "../search/gene-ranking";
import { type GeneTabLists, HeldGeneTabs, shareRepeats } from "./gene-tabs";
import { inBatches, withinHoldBudget } from "./held-per-release";
import { rowsByKey } from "./list-query";
import { type PageRequest, pagination } from "./paging";
import type { RelationName, ReleaseSizeService } from "./release-size.service";
import type { ReleaseTables } from "./release-tables";
import type { ReleaseWatcher } from "./release-watcher";
import type { ProteinLookupResult, SearchService } from "./search.service";
import { joinStudyContext, STUDY_CONTEXT_SELECT, studyContext, studyTitle } from "./study-link";

export interface GeneSearchPage {
  ids: number[];
  /** How each gene of `ids` matched, in the same order. */
  matches: GeneMatch[];
  /** The protein-name lookup whose genes joined the results; null when it found none. */
  proteinLookup: ProteinLookupResult | null;
  pagination: ReturnType<typeof pagination>;
}

/** The tables the gene tab lists are drawn from (what holding them costs). */
const GENE_TAB_TABLES = [
  "paper_gene",
  "disease_gene",
  "mutation",
  "paper_mutation",
  "omim_record",
  "go_gene",
  "syngo_annotation_gene",
] as const;

/** Group rows by a key, keeping the order the query returned. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export class GeneService {
  constructor(
    private readonly db: DataSource,
    private readonly searchIndex: SearchService,
    /** The release's relation sizes: the tab counts come from them without SQL when they are current. */
    private readonly sizes?: ReleaseSizeService,
    /** The release's genes held in memory: a gene by its id costs no SQL when they are current. */
    private readonly tables?: ReleaseTables,
    releases?: ReleaseWatcher,
  ) {
    this.tabs =
      releases && tables
        ? new HeldGeneTabs(
            releases,
            (release) => this.readEveryGenesTabs(release, tables),
            () => searchIndex.built(),
          )
        : null;
  }

  /** Every gene's tab lists of the live release, held in memory (null: always SQL). */
  readonly tabs: HeldGeneTabs | null;

  /** Hold every gene's tab lists now and again after each release switch. */
  warm = () => this.tabs?.warm() ?? Promise.resolve();
  stop = () => this.tabs?.stop();

  /**
   * The tab lists of every gene of the release, read with the per-gene statements 250 genes at
   * a time (so the order within a gene is theirs, and no statement nears the serving timeout).
   */
  private async readEveryGenesTabs(release: string, tables: ReleaseTables): Promise<GeneTabLists | null> {
    if (this.sizes && !withinHoldBudget(await this.sizes.ofRelease(release), GENE_TAB_TABLES)) return null;
    const genes = [...(await tables.ofRelease(release)).genes.values()];
    const ids = genes.map((g) => g.id);
    const entrez = [...new Set(genes.flatMap((g) => (g.humanEntrez === null ? [] : [g.humanEntrez])))];
    const [papers, diseases, mutations, omim, go, syngo] = await Promise.all([
      inBatches(ids, (batch) => this.readPapers(batch)),
      inBatches(ids, (batch) => this.readDiseases(batch)),
      inBatches(ids, (batch) => this.readMutations(batch)),
      inBatches(entrez, (batch) => this.readOmim(batch)),
      inBatches(ids, (batch) => this.readGo(batch)),
      inBatches(ids, (batch) => this.readSyngo(batch)),
    ]);
    const mutationIds = [...mutations.values()].flatMap((list) => list.map((m) => m.id));
    const mutationPmids = await inBatches(mutationIds, (batch) => this.readMutationPmids(batch));
    return shareRepeats({ papers, diseases, mutations, mutationPmids, omim, go, syngo });
  }

  /**
   * Genes matching a term in the one search order of gene-ranking.ts: exact symbol, exact Entrez or
   * MGI id, mouse/rat Entrez, the term's symbol family, exact alias, symbol prefix, alias prefix, the
   * genes the protein-name lookup adds, protein name. Each id comes with how it matched.
   */
  async search(q: string, request: PageRequest | null): Promise<GeneSearchPage> {
    const term = q.trim();
    if (term === "") throw new BadInputError("Search term is required");
    if (term.length > 200) throw new BadInputError("Search term is too long (200 characters at most)");
    const { ranked, lookup } = await this.searchIndex.rankGenes(term);
    // No page request: every match, in rank order (the search download).
    const page = request ?? { page: 1, pageSize: Math.max(1, ranked.length) };
    const start = (page.page - 1) * page.pageSize;
    const rows = pageInRankOrder(ranked, start, start + page.pageSize);
    return {
      ids: rows.map((r) => r.id),
      matches: rows.map((r) => ({
        geneId: r.id,
        match: matchKind(r.rank),
        proteinDerived: r.proteinDerived,
      })),
      pagination: pagination(page, ranked.length),
      proteinLookup: lookup,
    };
  }

  async byIds(ids: readonly number[]): Promise<Map<number, Gene>> {
    return this.tables?.genes(ids) ?? rowsByKey(this.db, Gene, "g", "id", ids);
  }

  async consensusEntrezIds(): Promise<string[]> {
    const rows = await this.db
      .getRepository(Gene)
      .createQueryBuilder("g")
      .select("g.human_entrez", "entrez")
      .where("g.is_consensus = :yes AND g.human_entrez IS NOT NULL", { yes: true })
      .orderBy("g.human_entrez")
      .getRawMany<{ entrez: number }>();
    return rows.map((r) => String(r.entrez));
  }

  /** Row counts per gene for a junction table. */
  private async countBy(
    entity: new () => object,
    column: string,
    ids: readonly number[],
  ): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .getRepository(entity)
      .createQueryBuilder("x")
      .select(`x.${column}`, "key")
      .addSelect("COUNT(*)", "n")
      .where(`x.${column} IN (:...ids)`, { ids })
      .groupBy(`x.${column}`)
      .getRawMany<{ key: number; n: number | string }>();
    return new Map(rows.map((r) => [Number(r.key), Number(r.n)]));
  }

  /** Rows per gene of a relation: from the release's sizes in memory, else one GROUP BY. */
  private async counted(
    relation: RelationName,
    entity: new () => object,
    column: string,
    ids: readonly number[],
  ): Promise<Map<number, number>> {
    return this.sizes?.countsOf(relation, ids) ?? this.countBy(entity, column, ids);
  }

  diseaseCounts = (geneIds: readonly number[]) =>
    this.counted("diseasesPerGene", DiseaseGene, "gene_id", geneIds);
  mutationCounts = (geneIds: readonly number[]) =>
    this.counted("mutationsPerGene", Mutation, "gene_id", geneIds);
  goCounts = (geneIds: readonly number[]) => this.counted("goTermsPerGene", GoGene, "gene_id", geneIds);
  syngoCounts = (geneIds: readonly number[]) =>
    this.counted("syngoTermsPerGene", SyngoAnnotationGene, "gene_id", geneIds);
  omimCounts = (entrezIds: readonly number[]) =>
    this.counted("omimRecordsPerGene", OmimRecord, "human_entrez", entrezIds);

  /** Study links of genes with the study, species, region, compartment and method, newest study first. */
  async papersByGene(geneIds: readonly number[]): Promise<Map<number, GenePaper[]>> {
    if (geneIds.length === 0) return new Map();
    return this.tabs?.lists("papers", geneIds) ?? this.readPapers(geneIds);
  }

  private async readPapers(geneIds: readonly number[]): Promise<Map<number, GenePaper[]>> {
    const rows = await joinStudyContext(
      this.db.getRepository(PaperGene).createQueryBuilder("pg").innerJoin(Paper, "p", "p.pmid = pg.pmid"),
    )
      .select([
        "pg.gene_id AS gene_id",
        "pg.pmid AS pmid",
        "pg.dataset AS dataset",
        "pg.is_synthetic AS is_synthetic",
        "p.name AS name",
        "p.title AS title",
        "p.year AS year",
        "p.description AS description",
        ...STUDY_CONTEXT_SELECT,
      ])
      .where("pg.gene_id IN (:...geneIds)", { geneIds })
      .orderBy("p.year", "DESC")
      .addOrderBy("p.name", "ASC")
      .addOrderBy("r.name", "ASC")
      .addOrderBy("l.name", "ASC")
      .getRawMany<Record<string, string | number | null>>();
    const papers = rows.map((r) => ({
      geneId: Number(r.gene_id),
      paper: {
        pmid: Number(r.pmid),
        name: String(r.name),
        title: (r.title as string | null) ?? null,
        paperTitle: studyTitle({ title: (r.title as string | null) ?? null, name: String(r.name) }),
        year: Number(r.year),
        description: (r.description as string | null) ?? null,
        dataset: String(r.dataset),
        isSynthetic: Boolean(Number(r.is_synthetic)),
        ...studyContext(r),
      } as GenePaper,
    }));
    const grouped = groupBy(papers, (p) => p.geneId);
    return new Map([...grouped].map(([k, v]) => [k, v.map((x) => x.paper)]));
  }

  async diseasesByGene(geneIds: readonly number[]): Promise<Map<number, GeneDisease[]>> {
    if (geneIds.length === 0) return new Map();
    return this.tabs?.lists("diseases", geneIds) ?? this.readDiseases(geneIds);
  }

  private async readDiseases(geneIds: readonly number[]): Promise<Map<number, GeneDisease[]>> {
    const rows = await this.db
      .getRepository(DiseaseGene)
      .createQueryBuilder("dg")
      .innerJoin(Disease, "d", "d.hdoid = dg.hdoid")
      .select([
        "dg.gene_id AS gene_id",
        "d.hdoid AS hdoid",
        "d.description AS description",
        "dg.source AS source",
        "dg.reference AS reference",
      ])
      .where("dg.gene_id IN (:...geneIds)", { geneIds })
      .orderBy("d.description", "ASC")
      .addOrderBy("d.hdoid", "ASC")
      .getRawMany<{
        gene_id: number;
        hdoid: string;
        description: string;
        source: string | null;
        reference: string | null;
      }>();
    const grouped = groupBy(rows, (r) => Number(r.gene_id));
    return new Map(
      [...grouped].map(([k, v]) => [
        k,
        v.map((r) => ({
          hdoid: r.hdoid,
          description: r.description,
          source: r.source,
          reference: r.reference,
        })),
      ]),
    );
  }

  async mutationsByGene(geneIds: readonly number[]): Promise<Map<number, Mutation[]>> {
    if (geneIds.length === 0) return new Map();
    return this.tabs?.lists("mutations", geneIds) ?? this.readMutations(geneIds);
  }

  private async readMutations(geneIds: readonly number[]): Promise<Map<number, Mutation[]>> {
    const rows = await this.db
      .getRepository(Mutation)
      .createQueryBuilder("m")
      .where("m.gene_id IN (:...geneIds)", { geneIds })
      .orderBy("m.chromosome", "ASC")
      .addOrderBy("m.position", "ASC")
      .addOrderBy("m.id", "ASC")
      .getMany();
    return groupBy(rows, (m) => m.geneId);
  }

  async diseaseNames(hdoids: readonly string[]): Promise<Map<string, string>> {
    if (hdoids.length === 0) return new Map();
    const held = this.tables?.diseases(hdoids);
    if (held) return new Map([...held].map(([hdoid, d]) => [hdoid, d.description]));
    const rows = await this.db
      .getRepository(Disease)
      .createQueryBuilder("d")
      .select(["d.hdoid", "d.description"])
      .where("d.hdoid IN (:...hdoids)", { hdoids })
      .getMany();
    return new Map(rows.map((d) => [d.hdoid, d.description]));
  }

  async pmidsByMutation(mutationIds: readonly number[]): Promise<Map<number, number[]>> {
    if (mutationIds.length === 0) return new Map();
    return this.tabs?.lists("mutationPmids", mutationIds) ?? this.readMutationPmids(mutationIds);
  }

  private async readMutationPmids(mutationIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await this.db
      .getRepository(PaperMutation)
      .createQueryBuilder("pm")
      .where("pm.mutation_id IN (:...mutationIds)", { mutationIds })
      .orderBy("pm.pmid", "ASC")
      .getMany();
    const grouped = groupBy(rows, (r) => r.mutationId);
    return new Map([...grouped].map(([k, v]) => [k, v.map((r) => r.pmid)]));
  }

  async omimByEntrez(entrezIds: readonly number[]): Promise<Map<number, OmimRecord[]>> {
    if (entrezIds.length === 0) return new Map();
    return this.tabs?.lists("omim", entrezIds) ?? this.readOmim(entrezIds);
  }

  private async readOmim(entrezIds: readonly number[]): Promise<Map<number, OmimRecord[]>> {
    const rows = await this.db
      .getRepository(OmimRecord)
      .createQueryBuilder("o")
      .where("o.human_entrez IN (:...entrezIds)", { entrezIds })
      .orderBy("o.known_from", "ASC")
      .addOrderBy("o.omim_id", "ASC")
      .addOrderBy("o.row_id", "ASC")
      .getMany();
    return groupBy(rows, (r) => r.humanEntrez);
  }

  async goByGene(geneIds: readonly number[]): Promise<Map<number, GoAnnotation[]>> {
    if (geneIds.length === 0) return new Map();
    return this.tabs?.lists("go", geneIds) ?? this.readGo(geneIds);
  }

  private async readGo(geneIds: readonly number[]): Promise<Map<number, GoAnnotation[]>> {
    const rows = await this.db
      .getRepository(GoGene)
      .createQueryBuilder("gg")
      .leftJoin(GoTerm, "t", "t.go_id = gg.go_id")
      .leftJoin(Species, "s", "s.taxid = gg.species_taxid")
      .select([
        "gg.gene_id AS gene_id",
        "gg.go_id AS go_id",
        "gg.evidence AS evidence",
        "gg.species_taxid AS taxid",
        "t.term AS term",
        "t.domain AS domain",
        "s.name AS s_name",
        "s.sci_name AS s_sci_name",
      ])
      .where("gg.gene_id IN (:...geneIds)", { geneIds })
      .orderBy("t.domain", "ASC")
      .addOrderBy("gg.go_id", "ASC")
      .addOrderBy("gg.evidence", "ASC")
      .getRawMany<Record<string, string | number | null>>();
    const grouped = groupBy(rows, (r) => Number(r.gene_id));
    return new Map(
      [...grouped].map(([k, v]) => [
        k,
        v.map((r) => ({
          goId: String(r.go_id),
          term: (r.term as string | null) ?? null,
          domain: (r.domain as string | null) ?? "Unknown",
          evidence: (r.evidence as string | null) || null,
          speciesTaxid: Number(r.taxid),
          speciesName: (r.s_name as string | null) ?? null,
          speciesSciName: (r.s_sci_name as string | null) ?? null,
        })),
      ]),
    );
  }

  /** Distinct values of one paper_gene column per gene, joined to their reference rows. */
  private async distinctLinked<T extends object>(
    entity: new () => T,
    alias: string,
    column: string,
    key: string,
    geneIds: readonly number[],
  ): Promise<Map<number, T[]>> {
    if (geneIds.length === 0) return new Map();
    const rows = await this.db
      .getRepository(PaperGene)
      .createQueryBuilder("pg")
      .innerJoin(entity, alias, `${alias}.${key} = pg.${column}`)
      .select("pg.gene_id", "gene_id")
      .addSelect(`${alias}.${key}`, "ref")
      .distinct(true)
      .where("pg.gene_id IN (:...geneIds)", { geneIds })
      .orderBy("pg.gene_id")
      .addOrderBy(`${alias}.${key}`)
      .getRawMany<{ gene_id: number; ref: number }>();
    const refs = [...new Set(rows.map((r) => Number(r.ref)))];
    const entities =
      refs.length === 0
        ? []
        : await this.db
            .getRepository(entity)
            .createQueryBuilder(alias)
            .where(`${alias}.${key} IN (:...refs)`, { refs })
            .getMany();
    const byKey = new Map(entities.map((e) => [Number((e as Record<string, unknown>)[key]), e]));
    const grouped = groupBy(rows, (r) => Number(r.gene_id));
    return new Map(
      [...grouped].map(([gene, list]) => [
        gene,
        list.map((r) => byKey.get(Number(r.ref))).filter((e): e is T => e !== undefined),
      ]),
    );
  }

  /** Compartments in which any study reported each gene. */
  compartmentsByGene = (geneIds: readonly number[]) =>
    this.distinctLinked(Localisation, "l", "localisation_id", "id", geneIds);

  /** Brain regions in which any study reported each gene. */
  regionsByGene = (geneIds: readonly number[]) =>
    this.distinctLinked(BrainRegion, "r", "brain_region_id", "id", geneIds);

  /** Interaction partners of each gene in the PPI table (edges are stored once, geneA < geneB). */
  async interactorIdsByGene(geneIds: readonly number[]): Promise<Map<number, number[]>> {
    if (geneIds.length === 0) return new Map();
    const rows = await this.db
      .getRepository(Ppi)
      .createQueryBuilder("e")
      .select(["e.gene_a AS a", "e.gene_b AS b"])
      .where("e.gene_a IN (:...geneIds) OR e.gene_b IN (:...geneIds)", { geneIds })
      .getRawMany<{ a: number; b: number }>();
    const wanted = new Set(geneIds);
    const partners = new Map<number, Set<number>>();
    const add = (gene: number, partner: number) => {
      if (!wanted.has(gene)) return;
      const set = partners.get(gene) ?? new Set<number>();
      set.add(partner);
      partners.set(gene, set);
    };
    for (const { a, b } of rows) {
      add(Number(a), Number(b));
      add(Number(b), Number(a));
    }
    return new Map([...partners].map(([gene, set]) => [gene, [...set].sort((x, y) => x - y)]));
  }

  async syngoByGene(geneIds: readonly number[]): Promise<Map<number, SyngoAnnotation[]>> {
    if (geneIds.length === 0) return new Map();
    return this.tabs?.lists("syngo", geneIds) ?? this.readSyngo(geneIds);
  }

  private async readSyngo(geneIds: readonly number[]): Promise<Map<number, SyngoAnnotation[]>> {
    const rows = await this.db
      .getRepository(SyngoAnnotationGene)
      .createQueryBuilder("ag")
      .innerJoinAndMapOne("ag.annotation", SyngoAnnotation, "a", "a.id = ag.annotation_id")
      .where("ag.gene_id IN (:...geneIds)", { geneIds })
      .orderBy("a.go_domain", "ASC")
      .addOrderBy("a.id", "ASC")
      .getMany();
    const grouped = groupBy(
      rows as (SyngoAnnotationGene & { annotation: SyngoAnnotation })[],
      (r) => r.geneId,
    );
    return new Map([...grouped].map(([k, v]) => [k, v.map((r) => r.annotation)]));
  }
}
