/**
 * Page-number window for the shared pager (spec 1 §9).
 *
 * - The pager is hidden when the total is at most the page size.
 * - Up to 7 pages are shown in full.
 * - Otherwise: the first page, the last page, and the current page ±1, with an
 *   ellipsis wherever pages are left out.
 */
export type PagerItem = number | "ellipsis-start" | "ellipsis-end";

export const FULL_PAGER_LIMIT = 7;

export function isPagerVisible(total: number, pageSize: number): boolean {
  return pageSize > 0 && total > pageSize;
}

export function totalPagesOf(total: number, pageSize: number): number {
  if (pageSize <= 0 || total <= 0) return 1;
  return Math.ceil(total / pageSize);
}

export function clampPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page) || page < 1) return 1;
  if (page > totalPages) return Math.max(1, totalPages);
  return Math.floor(page);
}

export function pageWindow(currentPage: number, totalPages: number): PagerItem[] {
  if (totalPages <= 0) return [];
  const current = clampPage(currentPage, totalPages);
  if (totalPages <= FULL_PAGER_LIMIT) {
    return Array.from({ length: totalPages }, (_, i) => i + 1);
  }
  const pages = new Set<number>([1, totalPages]);
  for (let p = current - 1; p <= current + 1; p++) {
    if (p >= 1 && p <= totalPages) pages.add(p);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) {
      items.push(p < current ? "ellipsis-start" : "ellipsis-end");
    }
    items.push(p);
  });
  return items;
}

/**
 * A sliding window of at most `size` consecutive page numbers around the current page
 * (the compartment table: 5 buttons, spec 1 §9). The window is centred on the current page
 * and shifted inwards near the first and last pages, so it always holds `size` pages
 * when there are that many.
 */
export function slidingPageWindow(currentPage: number, totalPages: number, size = 5): number[] {
  if (totalPages <= 0 || size <= 0) return [];
  const current = clampPage(currentPage, totalPages);
  const count = Math.min(size, totalPages);
  let start = current - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing X to Y of Z results' bounds of a page (1-based; 0 to 0 when there are no rows). */
export function pageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0 || pageSize <= 0) return { from: 0, to: 0 };
  const current = clampPage(page, totalPagesOf(total, pageSize));
  return { from: (current - 1) * pageSize + 1, to: Math.min(current * pageSize, total) };
}
