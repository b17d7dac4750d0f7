import type { DataSource } from "typeorm";
import {
  BrainRegion,
  DiseaseGene,
  Gene,
  GoGene,
  Localisation,
  Mutation,
  OmimRecord,
  PaperGene,
  Ppi,
  SyngoAnnotationGene,
} from "../../schema";
import { Disease } from "../../schema/disease.entity";
import { type GeneMatch, matchKind, pageInRankOrder } from "../search/gene-ranking";
import { GeneTabReader, type GeneTabSource, groupBy } from "./gene-tabs";
import { checkSearchTerm, rowsByKey } from "./list-query";
import { type PageRequest, pagination } from "./paging";
import { GeneDocuments } from "./read-models/gene-documents";
import type { RelationName, ReleaseSizeService } from "./release-size.service";
import type { ProteinLookupResult, SearchService } from "./search.service";

export interface GeneSearchPage {
  ids: number[];
  /** How each gene of `ids` matched, in the same order. */
  matches: GeneMatch[];
  /** The protein-name lookup whose genes joined the results; null when it found none. */
  proteinLookup: ProteinLookupResult | null;
  pagination: ReturnType<typeof pagination>;
}

export class GeneService {
  constructor(
    private readonly db: DataSource,
    private readonly searchIndex: SearchService,
    /** The release's relation sizes: the tab counts come from them without SQL when they are current. */
    private readonly sizes?: ReleaseSizeService,
    /** Where a gene's tab lists come from: the release's gene documents. */
    public tabSource: GeneTabSource = new GeneDocuments(db),
    /** The tab statements over the release's tables (a mutation's PMIDs outside a gene page). */
    private readonly reader = new GeneTabReader(db),
  ) {}

  /** Every tab list of each gene (an unknown id is left out). */
  tabs = (geneIds: readonly number[]) => this.tabSource.of(geneIds);

  /** The PMIDs reporting each mutation, in PMID order. */
  pmidsByMutation = (mutationIds: readonly number[]) => this.reader.readMutationPmids(mutationIds);

  /**
   * Genes matching a term in the one search order of gene-ranking.ts: exact symbol, exact Entrez or
   * MGI id, mouse/rat Entrez, the term's symbol family, exact alias, symbol prefix, alias prefix, the
   * genes the protein-name lookup adds, protein name. Each id comes with how it matched.
   */
  async search(q: string, request: PageRequest | null): Promise<GeneSearchPage> {
    const term = checkSearchTerm(q);
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
    return rowsByKey(this.db, Gene, "id", ids);
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

  async diseaseNames(hdoids: readonly string[]): Promise<Map<string, string>> {
    const diseases = await rowsByKey(this.db, Disease, "hdoid", hdoids);
    return new Map([...diseases].map(([hdoid, d]) => [hdoid, d.description]));
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
}
