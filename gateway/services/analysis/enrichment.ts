import type { DataSource } from "typeorm";
import {
  AnalysisBackground,
  type EnrichmentCategory,
  type EnrichmentTerm,
  type GeneListAnalysis,
} from "../../../schema/analysis-views.type";
import { MAX_BACKGROUND_IDENTIFIERS } from "../../analysis/identifiers";
import { benjaminiHochberg, hypergeometricUpperTail } from "../../analysis/statistics";
import { BadInputError } from "../../errors";
import { chunks } from "../chunks";
import type { ReleaseWatcher } from "../release-watcher";
import { ALL_CATEGORIES, CATEGORY_QUERIES } from "./categories";
import { boundedIdentifierList, mapIdentifiers } from "./identifier-mapping";
import { backgroundGeneIds, type TermSizeCache } from "./term-sizes";

/** What to test a gene list against: a background, and the categories (every one when none). */
export interface EnrichmentRequest {
  background: AnalysisBackground;
  backgroundIdentifiers?: string[] | null;
  categories?: EnrichmentCategory[] | null;
}

/** (gene, term) pairs of the list's genes. */
async function listPairs(
  db: DataSource,
  category: EnrichmentCategory,
  ids: number[],
): Promise<Map<string, Set<number>>> {
  const q = CATEGORY_QUERIES[category];
  const out = new Map<string, Set<number>>();
  for (const part of chunks(ids)) {
    const rows = await q
      .pairs(db)
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

/** Over-representation of a gene list's terms (one-sided hypergeometric test, Benjamini–Hochberg FDR). */
export class Enrichment {
  constructor(
    private readonly db: DataSource,
    private readonly termSizes: TermSizeCache,
    private readonly releases: ReleaseWatcher,
  ) {}

  /**
   * Test mapped genes (in their order; symbolOf names them) for over-representation against the
   * request's background: the analysis of a pasted list and of a compared intersection alike.
   */
  async enrichGenes(
    geneIds: number[],
    symbolOf: Map<number, string>,
    request: EnrichmentRequest,
  ): Promise<Pick<GeneListAnalysis, "background" | "categories" | "enrichment">> {
    const categories = request.categories?.length ? [...new Set(request.categories)] : ALL_CATEGORIES;
    let backgroundIds: number[];
    let unmappedBackground = 0;
    if (request.background === AnalysisBackground.CUSTOM) {
      const bg = boundedIdentifierList(
        request.backgroundIdentifiers ?? [],
        MAX_BACKGROUND_IDENTIFIERS,
        "background identifiers",
      );
      if (bg.length === 0) throw new BadInputError("A custom background needs backgroundIdentifiers");
      const bgMapping = await mapIdentifiers(this.db, bg);
      backgroundIds = [...new Set(bgMapping.mapped.map((m) => m.geneId))];
      unmappedBackground = bgMapping.unmapped.length + bgMapping.ambiguous.length;
    } else {
      backgroundIds = await backgroundGeneIds(this.db, request.background);
    }
    const inBackground = new Set(backgroundIds);
    const listIds = geneIds.filter((id) => inBackground.has(id));
    const N = backgroundIds.length;
    const n = listIds.length;
    const release = await this.releases.get();

    const enrichment: EnrichmentTerm[] = [];
    const categoryCounts = [];
    for (const category of categories) {
      const sizes = await this.termSizes.of(category, request.background, backgroundIds, release);
      categoryCounts.push({ category, testedTerms: sizes.size });
      if (n === 0) continue;
      const pairs = await listPairs(this.db, category, listIds);
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
