import { BadInputError } from "../errors";

/** Largest page any list serves; totals always say how much exists beyond it. */
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  page: number;
  pageSize: number;
}

export function checkPage(page: number, pageSize: number): PageRequest {
  if (!Number.isInteger(page) || page < 1)
    throw new BadInputError("page must be a whole number of at least 1");
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw new BadInputError(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return { page, pageSize };
}

export function pagination(request: PageRequest, total: number) {
  return {
    page: request.page,
    pageSize: request.pageSize,
    total,
    totalPages: Math.ceil(total / request.pageSize),
  };
}

/** Escape LIKE wildcards with '!' (one escape character both MySQL and SQLite accept). */
export function likeEscape(value: string): string {
  return value.replace(/[!%_]/g, (c) => `!${c}`);
}
