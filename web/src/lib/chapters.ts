/** ICD-11 chapter cards of the home page (spec 1 §5). */

export interface ChapterCounts {
  chapter: string;
  diseaseCount: number;
  geneCount: number;
}

export const HOME_CHAPTER_LIMIT = 4;
export const HOME_CHAPTER_MIN_COUNT = 5;

/** The chapter as a number after stripping leading zeros ('08' → 8), or null ('V', 'X', ''). */
export function chapterNumber(chapter: string): number | null {
  const stripped = chapter.trim().replace(/^0+(?=\d)/, "");
  if (!/^\d+$/.test(stripped)) return null;
  return Number(stripped);
}

/**
 * Chapters with at least 5 diseases and 5 genes whose chapter is a number, by gene count
 * (most first), at most 4.
 */
export function selectHomeChapters<T extends ChapterCounts>(chapters: readonly T[]): T[] {
  return chapters
    .filter(
      (c) =>
        c.diseaseCount >= HOME_CHAPTER_MIN_COUNT &&
        c.geneCount >= HOME_CHAPTER_MIN_COUNT &&
        chapterNumber(c.chapter) !== null,
    )
    .map((c, index) => ({ c, index }))
    .sort((a, b) => b.c.geneCount - a.c.geneCount || a.index - b.index)
    .slice(0, HOME_CHAPTER_LIMIT)
    .map((entry) => entry.c);
}
