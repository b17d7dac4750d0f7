/**
 * Rules of the three catalog tables (spec 2 §2.1, §4, §5, §9): the view held in the
 * address, sort toggling, paging bounds and the 'Showing a-b of N' range.
 */

import type { SortDirection as GraphqlSortDirection } from "../gql/graphql";
import { graphqlEnum } from "./graphqlEnum";
import { restPath } from "./restPath";
import type { SortDirection } from "./sort";

export const CATALOG_PAGE_SIZE = 20;
export const CATALOG_PAGE_SIZES = [10, 20, 50, 100] as const;
/** Search text (and the minimum-studies filter) is applied this long after typing stops. */
export const CATALOG_DEBOUNCE_MS = 500;
/** Rows of the disease and paper catalogs above this consensus percentage are highlighted green. */
export const CONSENSUS_HIGHLIGHT_ABOVE = 50;

export interface CatalogSortConfig {
  /** Sort keys the server accepts. */
  keys: readonly string[];
  defaultKey: string;
  defaultDir: SortDirection;
}

/** The view of a catalog; every field is a query parameter of the same name. */
export interface CatalogView {
  page: number;
  pageSize: number;
  sort: string;
  dir: SortDirection;
  search: string;
  consensusOnly: boolean;
  /** Genes only: reported in at least this many studies (null: no limit). */
  minStudies: number | null;
}

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

/** Reads the view from the address; unknown or invalid values fall back to the defaults. */
export function readCatalogView(params: URLSearchParams, sort: CatalogSortConfig): CatalogView {
  const size = positiveInt(params.get("pageSize"));
  const key = params.get("sort");
  const sortKey = key && sort.keys.includes(key) ? key : sort.defaultKey;
  const dir = params.get("dir");
  return {
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size && (CATALOG_PAGE_SIZES as readonly number[]).includes(size) ? size : CATALOG_PAGE_SIZE,
    sort: sortKey,
    dir: dir === "asc" || dir === "desc" ? dir : sortKey === sort.defaultKey ? sort.defaultDir : "asc",
    search: (params.get("search") ?? "").trim(),
    consensusOnly: params.get("consensusOnly") === "true",
    minStudies: positiveInt(params.get("minStudies")),
  };
}

/** Writes the view to query parameters, leaving out values equal to the defaults. */
export function writeCatalogView(view: CatalogView, sort: CatalogSortConfig): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set("search", view.search);
  if (view.consensusOnly) params.set("consensusOnly", "true");
  if (view.minStudies !== null) params.set("minStudies", String(view.minStudies));
  if (view.sort !== sort.defaultKey || view.dir !== sort.defaultDir) {
    params.set("sort", view.sort);
    params.set("dir", view.dir);
  }
  if (view.pageSize !== CATALOG_PAGE_SIZE) params.set("pageSize", String(view.pageSize));
  if (view.page > 1) params.set("page", String(view.page));
  return params;
}

/** A click on a header: the active column flips direction, another column sorts ascending. Back to page 1. */
export function toggleSort(view: CatalogView, key: string): CatalogView {
  const dir: SortDirection = view.sort === key ? (view.dir === "asc" ? "desc" : "asc") : "asc";
  return { ...view, sort: key, dir, page: 1 };
}

/** A page change is applied only inside 1..totalPages; otherwise null (ignored). */
export function pageChange(target: number, current: number, totalPages: number): number | null {
  if (!Number.isInteger(target) || target < 1 || target > totalPages || target === current) return null;
  return target;
}

/** 'Showing a-b of N results': the 1-based range of the rows on a page. */
export function showingRange(
  page: number,
  pageSize: number,
  total: number,
): { from: number; to: number; total: number } {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total), total };
}

/** aria-sort of a sortable header. */
export function ariaSort(
  view: Pick<CatalogView, "sort" | "dir">,
  key: string,
): "ascending" | "descending" | "none" {
  if (view.sort !== key) return "none";
  return view.dir === "asc" ? "ascending" : "descending";
}

/** Disease and paper rows: 'high' (green) above 50 % consensus genes, otherwise 'low' (yellow). */
export function consensusLevel(percentage: number): "high" | "low" {
  return percentage > CONSENSUS_HIGHLIGHT_ABOVE ? "high" : "low";
}

/** A percentage for display: at most one decimal, e.g. 62.5%, 100%. */
export function formatPercentage(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}

/** What one catalog view asks: the GraphQL variables, the REST table URL and the CSV of the same page. */
export interface CatalogRequest<SortKey extends string> {
  variables: {
    page: number;
    pageSize: number;
    /** The GraphQL enum names of the view's sort key and direction. */
    sortBy: SortKey;
    sortDir: GraphqlSortDirection;
    search: string;
    consensusOnly: boolean;
    minStudies?: number | null;
  };
  restUrl: string;
  csvUrl: string;
}

/**
 * The one mapping from a view to its requests, so the table, its API button and its Export CSV ask for
 * the same rows. `entity` names the REST paths (/api/{entity}/table and /api/{entity}/csv); only the
 * gene catalog takes minStudies.
 */
export function catalogRequest<SortKey extends string>(
  view: CatalogView,
  entity: "gene" | "disease" | "paper",
): CatalogRequest<SortKey> {
  const withMinStudies = entity === "gene";
  const filters = {
    sortBy: view.sort,
    sortDir: view.dir,
    search: view.search,
    consensusOnly: view.consensusOnly ? "true" : undefined,
    ...(withMinStudies ? { minStudies: view.minStudies } : {}),
  };
  const paging = { page: view.page, pageSize: view.pageSize };
  return {
    variables: {
      ...paging,
      sortBy: graphqlEnum<SortKey>(view.sort),
      sortDir: graphqlEnum<GraphqlSortDirection>(view.dir),
      search: view.search,
      consensusOnly: view.consensusOnly,
      ...(withMinStudies ? { minStudies: view.minStudies } : {}),
    },
    restUrl: restPath(`/api/${entity}/table`, { ...paging, ...filters }),
    csvUrl: restPath(`/api/${entity}/csv`, { ...filters, ...paging }),
  };
}
