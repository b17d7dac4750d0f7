import type { DataSource } from "typeorm";
import {
  DiseaseGene,
  Gene,
  GoGene,
  Mutation,
  OmimRecord,
  Paper,
  PaperGene,
  PaperMutation,
  Species,
  SyngoAnnotation,
  SyngoAnnotationGene,
} from "../../schema";
import { Disease } from "../../schema/disease.entity";
import type { GeneDisease, GenePaper, GoAnnotation } from "../../schema/gene-views.type";
import { GoTerm } from "../../schema/go-term.entity";
import { placeholders, readRows, tableOf } from "../db/read";
import { joinStudyContext, STUDY_CONTEXT_SELECT, studyContext, studyTitle } from "./study-link";

/** Everything a gene page's tabs list for one gene: what its read model (a gene document) holds. */
export interface GeneTabs {
  papers: GenePaper[];
  diseases: GeneDisease[];
  mutations: Mutation[];
  /** The OMIM records of the gene's human Entrez id. */
  omim: OmimRecord[];
  go: GoAnnotation[];
  syngo: SyngoAnnotation[];
  /** The PMIDs reporting each of the gene's mutations, by mutation id. */
  mutationPmids: Record<number, number[]>;
}

/** Where a gene's tabs come from: its document (read-models/gene-documents.ts) or the release's tables. */
export interface GeneTabSource {
  /** The tabs of each gene that exists (an unknown id is left out). */
  of(geneIds: readonly number[]): Promise<Map<number, GeneTabs>>;
}

/** Group rows by a key, keeping the order the query returned. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * The gene tab lists read from the release's normalised tables, one statement per tab for a batch
 * of genes, each in its tab's order. The release's gene documents are built from these reads
 * (read-models/gene-documents.ts), so a page served from a document answers what they answer; a
 * mutation's PMIDs outside a gene page (a disease's or study's mutations) are read here too.
 */
export class GeneTabReader implements GeneTabSource {
  constructor(private readonly db: DataSource) {}

  async of(geneIds: readonly number[]): Promise<Map<number, GeneTabs>> {
    if (geneIds.length === 0) return new Map();
    const genes = await this.db
      .getRepository(Gene)
      .createQueryBuilder("g")
      .select(["g.id AS id", "g.human_entrez AS entrez"])
      .where("g.id IN (:...geneIds)", { geneIds })
      .getRawMany<{ id: number; entrez: number | null }>();
    const ids = genes.map((g) => Number(g.id));
    const entrez = [...new Set(genes.flatMap((g) => (g.entrez === null ? [] : [Number(g.entrez)])))];
    const [papers, diseases, mutations, omim, go, syngo] = await Promise.all([
      this.readPapers(ids),
      this.readDiseases(ids),
      this.readMutations(ids),
      this.readOmim(entrez),
      this.readGo(ids),
      this.readSyngo(ids),
    ]);
    const mutationPmids = await this.readMutationPmids(
      [...mutations.values()].flatMap((list) => list.map((m) => m.id)),
    );
    return new Map(
      genes.map((gene): [number, GeneTabs] => {
        const id = Number(gene.id);
        const own = mutations.get(id) ?? [];
        return [
          id,
          {
            papers: papers.get(id) ?? [],
            diseases: diseases.get(id) ?? [],
            mutations: own,
            omim: gene.entrez === null ? [] : (omim.get(Number(gene.entrez)) ?? []),
            go: go.get(id) ?? [],
            syngo: syngo.get(id) ?? [],
            mutationPmids: Object.fromEntries(own.map((m) => [m.id, mutationPmids.get(m.id) ?? []])),
          },
        ];
      }),
    );
  }

  async readPapers(geneIds: readonly number[]): Promise<Map<number, GenePaper[]>> {
    if (geneIds.length === 0) return new Map();
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

  async readDiseases(geneIds: readonly number[]): Promise<Map<number, GeneDisease[]>> {
    if (geneIds.length === 0) return new Map();
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

  async readMutations(geneIds: readonly number[]): Promise<Map<number, Mutation[]>> {
    if (geneIds.length === 0) return new Map();
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

  async readMutationPmids(mutationIds: readonly number[]): Promise<Map<number, number[]>> {
    if (mutationIds.length === 0) return new Map();
    // Every mutation list asks this (a disease page's mutations): as written, not built.
    const rows = await readRows<{ mutation_id: unknown; pmid: unknown }>(
      this.db,
      `SELECT mutation_id, pmid FROM ${tableOf(this.db, PaperMutation)}
       WHERE mutation_id IN (${placeholders(mutationIds)}) ORDER BY pmid`,
      [...mutationIds],
    );
    const grouped = groupBy(rows, (r) => Number(r.mutation_id));
    return new Map([...grouped].map(([k, v]) => [k, v.map((r) => Number(r.pmid))]));
  }

  async readOmim(entrezIds: readonly number[]): Promise<Map<number, OmimRecord[]>> {
    if (entrezIds.length === 0) return new Map();
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

  async readGo(geneIds: readonly number[]): Promise<Map<number, GoAnnotation[]>> {
    if (geneIds.length === 0) return new Map();
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

  async readSyngo(geneIds: readonly number[]): Promise<Map<number, SyngoAnnotation[]>> {
    if (geneIds.length === 0) return new Map();
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
