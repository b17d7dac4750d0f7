/** FAQ filtering (spec 2 §2.7, §5): a category tab and a case-insensitive search over question and answer. */

export interface FaqEntry<C extends string = string> {
  category: C;
  question: string;
  answer: string;
}

/** The 'All Questions' tab. */
export const ALL_FAQ_CATEGORIES = "all";

/** Entries of `category` ('all' = every entry) whose question or answer contains `term`, in order. */
export function filterFaqs<T extends FaqEntry>(items: readonly T[], category: string, term: string): T[] {
  const needle = term.trim().toLowerCase();
  return items.filter(
    (item) =>
      (category === ALL_FAQ_CATEGORIES || item.category === category) &&
      (!needle || item.question.toLowerCase().includes(needle) || item.answer.toLowerCase().includes(needle)),
  );
}

/** Entries per category, 'all' included, for the tab badges. */
export function countFaqsByCategory<T extends FaqEntry>(
  items: readonly T[],
  term: string,
): Map<string, number> {
  const counts = new Map<string, number>([[ALL_FAQ_CATEGORIES, 0]]);
  for (const item of filterFaqs(items, ALL_FAQ_CATEGORIES, term)) {
    counts.set(ALL_FAQ_CATEGORIES, (counts.get(ALL_FAQ_CATEGORIES) ?? 0) + 1);
    counts.set(item.category, (counts.get(item.category) ?? 0) + 1);
  }
  return counts;
}
