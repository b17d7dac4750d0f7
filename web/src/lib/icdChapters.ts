/**
 * Pure rules of the ICD-11 classification explorer (spec 2 §2.4, §5, §9):
 * which chapters are featured as cards, how a chapter parameter is read, and
 * how the chapter dialog pages its diseases (the search itself is schema/chapter-search.ts, run by the
 * gateway).
 */
import { countOf } from "./plural";

/** Featured chapters need at least this many diseases and genes (spec 2 §9). */
export const FEATURED_CHAPTER_MIN_DISEASES = 5;
export const FEATURED_CHAPTER_MIN_GENES = 5;
/** Number of featured chapter cards. */
export const FEATURED_CHAPTER_COUNT = 4;
/** Diseases per page of the chapter dialog and page. */
export const CHAPTER_PAGE_SIZE = 20;
/** Typing searches the chapter after this pause (as the gene tabs' filters). */
export const CHAPTER_SEARCH_DEBOUNCE_MS = 300;

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

/** '1 gene' / '3 genes'. */
export function geneCountLabel(count: number): string {
  return countOf(count, "gene");
}
