/**
 * Pure rules of the ICD-11 classification explorer (spec 2 §2.4, §5, §9):
 * which chapters are featured as cards, how a chapter parameter is read, and
 * the chapter dialog's search over diseases and their genes.
 */
import { formatInheritance } from "./format";
import { countOf } from "./plural";

/** Featured chapters need at least this many diseases and genes (spec 2 §9). */
export const FEATURED_CHAPTER_MIN_DISEASES = 5;
export const FEATURED_CHAPTER_MIN_GENES = 5;
/** Number of featured chapter cards. */
export const FEATURED_CHAPTER_COUNT = 4;
/** At most this many matching gene names are shown as chips. */
export const MATCHING_GENE_CHIP_LIMIT = 10;

export interface ChapterCounts {
  chapter: string;
  diseaseCount: number;
  geneCount: number;
}

/** A chapter number made of digits only ('08'); the supplementary sections V and X are not numeric. */
export function isNumericChapter(chapter: string): boolean {
  return /^\d+$/.test(chapter.trim());
}

/**
 * The ICD chapter rule of the explorer's cards: disease_count >= 5, gene_count >= 5 and a
 * numeric chapter, sorted by gene_count descending (ties by chapter number), first `limit`.
 */
export function featuredIcdChapters<T extends ChapterCounts>(
  chapters: readonly T[],
  limit: number = FEATURED_CHAPTER_COUNT,
): T[] {
  return chapters
    .filter(
      (c) =>
        c.diseaseCount >= FEATURED_CHAPTER_MIN_DISEASES &&
        c.geneCount >= FEATURED_CHAPTER_MIN_GENES &&
        isNumericChapter(c.chapter),
    )
    .sort((a, b) => b.geneCount - a.geneCount || a.chapter.localeCompare(b.chapter))
    .slice(0, Math.max(0, limit));
}

/**
 * A chapter given in the URL (?chapter=8 or 08) or in router state ({selectedChapter: 8}):
 * digits are padded to two ('8' → '08'); anything else is null.
 */
export function normalizeChapterParam(value: unknown): string | null {
  if (typeof value === "number") {
    return Number.isInteger(value) && value > 0 && value < 100 ? String(value).padStart(2, "0") : null;
  }
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!/^\d{1,2}$/.test(text) || Number(text) === 0) return null;
  return text.padStart(2, "0");
}

export interface SearchableChapterGene {
  entrezId: number;
  gene: {
    humanName: string;
    description?: string | null;
    aliases: readonly string[];
    chromosomeLocation?: string | null;
  };
}

export interface SearchableChapterDisease<G extends SearchableChapterGene = SearchableChapterGene> {
  name: string;
  omimId?: number | null;
  description?: string | null;
  inheritance?: string | null;
  icdCode?: string | null;
  genes: readonly G[];
}

/** The dialog's search text: trimmed and lowercased. */
export function normalizeChapterSearch(term: string): string {
  return term.trim().toLowerCase();
}

const contains = (value: string | number | null | undefined, needle: string) =>
  value !== null && value !== undefined && String(value).toLowerCase().includes(needle);

/** A gene matches on its symbol, Entrez id, full name, any alias or its location. */
export function chapterGeneMatches(gene: SearchableChapterGene, needle: string): boolean {
  if (!needle) return true;
  return (
    contains(gene.gene.humanName, needle) ||
    contains(gene.entrezId, needle) ||
    contains(gene.gene.description, needle) ||
    gene.gene.aliases.some((alias) => contains(alias, needle)) ||
    contains(gene.gene.chromosomeLocation, needle)
  );
}

/** A disease matches on its own name, OMIM id, description, inheritance or ICD code. */
export function chapterDiseaseOwnFieldsMatch(disease: SearchableChapterDisease, needle: string): boolean {
  if (!needle) return true;
  return (
    contains(disease.name, needle) ||
    contains(disease.omimId, needle) ||
    contains(disease.description, needle) ||
    contains(formatInheritance(disease.inheritance), needle) ||
    contains(disease.icdCode, needle)
  );
}

export interface ChapterSearchHit<D> {
  disease: D;
  /** True when at least one of the disease's genes matches the search. */
  hasMatchingGenes: boolean;
}

export interface ChapterSearchResult<D> {
  /** The normalised search text ('' = no search). */
  term: string;
  /** Diseases matching on their own fields or through a gene, in the given order. */
  hits: ChapterSearchHit<D>[];
  /** Distinct symbols of the matching genes, alphabetically (empty without a search). */
  matchingGeneNames: string[];
}

/**
 * The chapter dialog's search (spec 2 §5): a disease is listed when its own fields
 * or any of its genes match; matching genes are counted once each.
 */
export function searchChapterDiseases<D extends SearchableChapterDisease>(
  diseases: readonly D[],
  rawTerm: string,
): ChapterSearchResult<D> {
  const term = normalizeChapterSearch(rawTerm);
  if (!term) {
    return {
      term,
      hits: diseases.map((disease) => ({ disease, hasMatchingGenes: false })),
      matchingGeneNames: [],
    };
  }
  const genes = new Set<string>();
  const hits: ChapterSearchHit<D>[] = [];
  for (const disease of diseases) {
    const matching = disease.genes.filter((gene) => chapterGeneMatches(gene, term));
    for (const gene of matching) genes.add(gene.gene.humanName);
    if (matching.length > 0 || chapterDiseaseOwnFieldsMatch(disease, term)) {
      hits.push({ disease, hasMatchingGenes: matching.length > 0 });
    }
  }
  return { term, hits, matchingGeneNames: [...genes].sort((a, b) => a.localeCompare(b)) };
}

/** The first `limit` names as chips and how many more there are ('+K more'). */
export function truncateChips(
  names: readonly string[],
  limit: number = MATCHING_GENE_CHIP_LIMIT,
): { shown: string[]; more: number } {
  const shown = names.slice(0, Math.max(0, limit));
  return { shown, more: names.length - shown.length };
}

/** '1 gene' / '3 genes'. */
export function geneCountLabel(count: number): string {
  return countOf(count, "gene");
}
