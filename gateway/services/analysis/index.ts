import type { DataSource } from "typeorm";
import { Chapter, Disease, DiseaseGene } from "../../../schema";
import type { AnalysisGene, GeneListAnalysis } from "../../../schema/analysis-views.type";
import { MAX_ANALYSIS_IDENTIFIERS } from "../../analysis/identifiers";
import { BadInputError } from "../../errors";
import { chunks } from "../chunks";
import { geneSummariesOf } from "../gene-summaries";
import type { ReleaseWatcher } from "../release-watcher";
import { Enrichment, type EnrichmentRequest } from "./enrichment";
import { boundedIdentifierList, type IdentifierMapping, mapIdentifiers } from "./identifier-mapping";
import { TermSizeCache } from "./term-sizes";

export interface AnalyzeRequest extends EnrichmentRequest {
  identifiers: string[];
}

/**
 * Gene-list analysis: a pasted list mapped to genes (identifier-mapping.ts), described, and tested for
 * over-representation (enrichment.ts) against term sizes kept per release (term-sizes.ts). Every lookup
 * is batched (no per-identifier query).
 */
export class AnalysisService {
  private readonly termSizes: TermSizeCache;
  private readonly enrichment: Enrichment;

  constructor(
    private readonly db: DataSource,
    releases: ReleaseWatcher,
  ) {
    this.termSizes = new TermSizeCache(db, releases);
    this.enrichment = new Enrichment(db, this.termSizes, releases);
  }

  /** Hold the default background's term sizes now (at start): see TermSizeCache.warm. */
  warm(): Promise<void> {
    return this.termSizes.warm();
  }

  /** Map identifiers to genes: one exact match → mapped; several → ambiguous; none → unmapped. */
  mapIdentifiers(ids: readonly string[]): Promise<IdentifierMapping> {
    return mapIdentifiers(this.db, ids);
  }

  async analyze(request: AnalyzeRequest): Promise<GeneListAnalysis> {
    const ids = boundedIdentifierList(request.identifiers, MAX_ANALYSIS_IDENTIFIERS, "identifiers");
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
  enrichGenes(
    geneIds: number[],
    symbolOf: Map<number, string>,
    request: EnrichmentRequest,
  ): Promise<Pick<GeneListAnalysis, "background" | "categories" | "enrichment">> {
    return this.enrichment.enrichGenes(geneIds, symbolOf, request);
  }

  /** Annotations shown beside each mapped gene: compartments, diseases and their ICD-11 chapters. */
  private async describeGenes(ids: number[]): Promise<Map<number, Omit<AnalysisGene, "identifiers">>> {
    const out = new Map<number, Omit<AnalysisGene, "identifiers">>();
    for (const part of chunks(ids)) {
      for (const [id, gene] of await geneSummariesOf(this.db, part))
        out.set(id, { ...gene, diseases: [], icd11Chapters: [] });
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
}
