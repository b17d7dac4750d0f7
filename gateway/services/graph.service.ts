import type { DataSource, SelectQueryBuilder } from "typeorm";
import { Chapter, Disease, Gene, GoGene, Localisation, Paper, SyngoAnnotationGene } from "../../schema";
import { compareText } from "../collation";
import { type ListMode, modeCondition, num, pageRowsPerGroup } from "./list-query";
import { DISEASE_GENES, listRows } from "./lists/definitions";
import { readLocalisations } from "./localisations";
import type { PageRequest } from "./paging";
import type { RegionGeneIndexService } from "./region-gene-index";

/** One page of a parent's related rows, with the size of the whole list. */
export interface EdgePage<R> {
  rows: R[];
  totalCount: number;
}

export interface DiseaseGeneRow {
  geneId: number;
  source: string | null;
  reference: string | null;
}

export interface RegionGeneRow {
  geneId: number;
  studyCount: number;
}

export interface RegionCompartmentRow {
  compartment: Localisation;
  geneCount: number;
}

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * The relations of the domain graph that the screen-shaped services do not already page: a
 * disease's genes with their association data, a region's genes and compartments, a chapter's
 * diseases, a GO term's genes, identifier lookups. Every method takes the keys of a whole batch
 * (DataLoader) and answers in a fixed number of statements, whatever the number of keys.
 */
export class GraphService {
  constructor(
    private readonly db: DataSource,
    private readonly regionGenes: RegionGeneIndexService,
  ) {}

  /** Rows per group of a filtered base query (one grouped COUNT). */
  private async countPerGroup<T extends object>(
    qb: SelectQueryBuilder<T>,
    groupColumn: string,
    counted = "COUNT(*)",
  ): Promise<Map<string, number>> {
    const rows = await qb
      .select(groupColumn, "grp")
      .addSelect(counted, "n")
      .groupBy(groupColumn)
      .getRawMany();
    return new Map(rows.map((r) => [String(r.grp), num(r.n)]));
  }

  /** Assemble pages per key from page rows and totals (keys with no rows get an empty page). */
  private pages<K extends string | number, R>(
    keys: readonly K[],
    rows: ({ grp: string } & Record<string, unknown>)[],
    totals: Map<string, number>,
    toRow: (r: Record<string, unknown>) => R,
  ): Map<K, EdgePage<R>> {
    const byGroup = new Map<string, R[]>();
    for (const r of rows) {
      const list = byGroup.get(r.grp) ?? [];
      list.push(toRow(r));
      byGroup.set(r.grp, list);
    }
    return new Map(
      keys.map((k) => [k, { rows: byGroup.get(String(k)) ?? [], totalCount: totals.get(String(k)) ?? 0 }]),
    );
  }

  private diseaseGenesQuery(hdoids: readonly string[], mode: ListMode) {
    const qb = listRows(this.db, DISEASE_GENES, hdoids);
    const condition = modeCondition(mode, DISEASE_GENES.consensus);
    if (condition) qb.andWhere(condition);
    return qb;
  }

  /** One page of each disease's genes (DISEASE_GENES: by symbol) with the association's source and reference. */
  async diseaseGenePages(
    hdoids: readonly string[],
    mode: ListMode,
    request: PageRequest,
  ): Promise<Map<string, EdgePage<DiseaseGeneRow>>> {
    if (hdoids.length === 0) return new Map();
    const inner = this.diseaseGenesQuery(hdoids, mode)
      .select(DISEASE_GENES.parent, "grp")
      .addSelect("dg.gene_id", "gene_id")
      .addSelect("dg.source", "source")
      .addSelect("dg.reference", "reference")
      .addSelect(
        `ROW_NUMBER() OVER (PARTITION BY ${DISEASE_GENES.parent} ORDER BY ${DISEASE_GENES.order})`,
        "rn",
      );
    const [rows, totals] = await Promise.all([
      pageRowsPerGroup(this.db, inner, request, ["gene_id", "source", "reference"]),
      this.countPerGroup(this.diseaseGenesQuery(hdoids, mode), DISEASE_GENES.parent),
    ]);
    return this.pages(hdoids, rows, totals, (r) => ({
      geneId: Number(r.gene_id),
      source: text(r.source),
      reference: text(r.reference),
    }));
  }

  /**
   * One page of the genes studies report in each region (the region itself, not its sub-regions),
   * most studies first, then by GeneID; optionally in one compartment. Sliced from the region's held
   * lists (RegionGeneIndexService), not counted again for each page.
   */
  async regionGenePages(
    regionIds: readonly number[],
    compartment: string | null,
    request: PageRequest | null,
  ): Promise<Map<number, EdgePage<RegionGeneRow>>> {
    const pages = await Promise.all(
      regionIds.map(async (regionId) => {
        const list = await this.regionGenes.list(regionId, compartment);
        const start = request ? (request.page - 1) * request.pageSize : 0;
        const end = request ? Math.min(list.geneIds.length, start + request.pageSize) : list.geneIds.length;
        const rows: RegionGeneRow[] = [];
        for (let i = start; i < end; i++)
          rows.push({ geneId: list.geneIds[i]!, studyCount: list.studyCounts[i]! });
        return [regionId, { rows, totalCount: list.geneIds.length }] as const;
      }),
    );
    return new Map(pages);
  }

  /** The compartments sampled in each region, by name, with the distinct genes reported there (the held lists' sizes). */
  async regionCompartments(regionIds: readonly number[]): Promise<Map<number, RegionCompartmentRow[]>> {
    if (regionIds.length === 0) return new Map();
    const localisations = await readLocalisations(this.db);
    const regions = await Promise.all(
      regionIds.map(async (regionId) => {
        const rows: RegionCompartmentRow[] = [];
        for (const compartment of localisations) {
          const genes = (await this.regionGenes.list(regionId, compartment.name)).geneIds.length;
          if (genes > 0) rows.push({ compartment, geneCount: genes });
        }
        rows.sort((a, b) => compareText(a.compartment.name, b.compartment.name));
        return [regionId, rows] as const;
      }),
    );
    return new Map(regions.filter(([, rows]) => rows.length > 0));
  }

  private chapterDiseasesQuery(chapters: readonly string[]) {
    return this.db
      .getRepository(Disease)
      .createQueryBuilder("d")
      .where("d.icd11_chapter IN (:...chapters)", { chapters });
  }

  /** One page of the diseases classified in each ICD-11 chapter (Disease.icd11Chapter), by label. */
  async chapterDiseasePages(
    chapters: readonly string[],
    request: PageRequest,
  ): Promise<Map<string, EdgePage<string>>> {
    if (chapters.length === 0) return new Map();
    const inner = this.chapterDiseasesQuery(chapters)
      .select("d.icd11_chapter", "grp")
      .addSelect("d.hdoid", "hdoid")
      .addSelect(
        "ROW_NUMBER() OVER (PARTITION BY d.icd11_chapter ORDER BY LOWER(d.description), d.hdoid)",
        "rn",
      );
    const [rows, totals] = await Promise.all([
      pageRowsPerGroup(this.db, inner, request, ["hdoid"]),
      this.countPerGroup(this.chapterDiseasesQuery(chapters), "d.icd11_chapter"),
    ]);
    return this.pages(chapters, rows, totals, (r) => String(r.hdoid));
  }

  /** One page of the distinct genes annotated with each GO term (any evidence, any species), by GeneID. */
  async goTermGenePages(
    goIds: readonly string[],
    request: PageRequest,
  ): Promise<Map<string, EdgePage<number>>> {
    if (goIds.length === 0) return new Map();
    const base = () =>
      this.db.getRepository(GoGene).createQueryBuilder("gg").where("gg.go_id IN (:...goIds)", { goIds });
    const inner = base()
      .select("gg.go_id", "grp")
      .addSelect("gg.gene_id", "gene_id")
      .addSelect("ROW_NUMBER() OVER (PARTITION BY gg.go_id ORDER BY gg.gene_id)", "rn")
      .groupBy("gg.go_id")
      .addGroupBy("gg.gene_id");
    const [rows, totals] = await Promise.all([
      pageRowsPerGroup(this.db, inner, request, ["gene_id"]),
      this.countPerGroup(base(), "gg.go_id", "COUNT(DISTINCT gg.gene_id)"),
    ]);
    return this.pages(goIds, rows, totals, (r) => Number(r.gene_id));
  }

  /** The ICD-11 chapters by code (the whole table: 28 rows). */
  async chapters(): Promise<Chapter[]> {
    return this.db.getRepository(Chapter).find({ order: { chapter: "ASC" } });
  }

  /** PubMed ids by study name, lower case (names are unique: ix_paper_name). */
  async paperPmidsByName(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows = await this.db
      .getRepository(Paper)
      .createQueryBuilder("p")
      .select("p.pmid", "pmid")
      .addSelect("LOWER(p.name)", "name")
      .where("LOWER(p.name) IN (:...names)", { names: names.map((n) => n.toLowerCase()) })
      .getRawMany<{ pmid: number; name: string }>();
    return new Map(rows.map((r) => [r.name, Number(r.pmid)]));
  }

  /** GeneIDs by human NCBI Gene (Entrez) id. */
  async geneIdsByEntrez(entrezIds: readonly number[]): Promise<Map<number, number>> {
    if (entrezIds.length === 0) return new Map();
    const rows = await this.db
      .getRepository(Gene)
      .createQueryBuilder("g")
      .select("g.id", "id")
      .addSelect("g.human_entrez", "entrez")
      .where("g.human_entrez IN (:...entrezIds)", { entrezIds })
      .orderBy("g.id", "ASC")
      .getRawMany<{ id: number; entrez: number }>();
    const map = new Map<number, number>();
    for (const r of rows) if (!map.has(Number(r.entrez))) map.set(Number(r.entrez), Number(r.id));
    return map;
  }

  /** The genes each SynGO annotation covers (paralogs share an annotation). */
  async syngoAnnotationGeneIds(annotationIds: readonly number[]): Promise<Map<number, number[]>> {
    if (annotationIds.length === 0) return new Map();
    const rows = await this.db
      .getRepository(SyngoAnnotationGene)
      .createQueryBuilder("ag")
      .where("ag.annotation_id IN (:...annotationIds)", { annotationIds })
      .orderBy("ag.gene_id", "ASC")
      .getMany();
    const map = new Map<number, number[]>();
    for (const r of rows) map.set(r.annotationId, [...(map.get(r.annotationId) ?? []), r.geneId]);
    return map;
  }
}
