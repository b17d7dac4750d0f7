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
