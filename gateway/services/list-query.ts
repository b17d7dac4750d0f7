import type { DataSource, EntityMetadata, EntityTarget, ObjectLiteral, SelectQueryBuilder } from "typeorm";
import { placeholders, readRows, tableOf } from "../db/read";
import { BadInputError } from "../errors";
import { likeEscape, type PageRequest, pagination } from "./paging";

/** Which rows of a gene or mutation list to keep, by the consensus status of their gene. */
export const LIST_MODES = ["all", "consensus", "non-consensus"] as const;
export type ListMode = (typeof LIST_MODES)[number];

export function checkMode(mode: string, allowed: readonly ListMode[] = LIST_MODES): ListMode {
  const value = mode.trim().toLowerCase();
  if (!(allowed as readonly string[]).includes(value))
    throw new BadInputError(`mode must be one of: ${allowed.join(", ")}`);
  return value as ListMode;
}

export type SortDirection = "ASC" | "DESC";

export function checkSortDir(dir: string | null | undefined, fallback: SortDirection): SortDirection {
  if (dir === null || dir === undefined || dir.trim() === "") return fallback;
  const value = dir.trim().toLowerCase();
  if (value !== "asc" && value !== "desc") throw new BadInputError("sortDir must be asc or desc");
  return value === "asc" ? "ASC" : "DESC";
}

/** The SQL expression behind a documented sort key; unknown keys are a 400. */
export function checkSortBy<K extends string>(
  sortBy: string | null | undefined,
  keys: Record<K, unknown>,
  fallback: NoInfer<K>,
): K {
  if (sortBy === null || sortBy === undefined || sortBy.trim() === "") return fallback;
  const match = (Object.keys(keys) as K[]).find((k) => k.toLowerCase() === sortBy.trim().toLowerCase());
  if (!match) throw new BadInputError(`sortBy must be one of: ${Object.keys(keys).join(", ")}`);
  return match;
}

/** The longest search term or filter text accepted, in UTF-16 code units. */
const MAX_TERM_LENGTH = 200;

/** A text filter, trimmed and lowercased; over-long filters are refused. */
export function checkTerm(term: string | null | undefined): string {
  const value = (term ?? "").trim().toLowerCase();
  if (value.length > MAX_TERM_LENGTH)
    throw new BadInputError(`Filter text is too long (${MAX_TERM_LENGTH} characters at most)`);
  return value;
}

/**
 * A search term (or what `what` names: a protein name), trimmed; an empty or over-long one is a 400.
 * The disease and study searches pass it lowercased.
 */
export function checkSearchTerm(q: string, what = "Search term"): string {
  const term = q.trim();
  if (term === "") throw new BadInputError(`${what} is required`);
  if (term.length > MAX_TERM_LENGTH)
    throw new BadInputError(`${what} is too long (${MAX_TERM_LENGTH} characters at most)`);
  return term;
}

/**
 * The requested page of a search's ordered rows (every row when `request` is null: downloads) and
 * its pagination, given the search's `total`.
 */
export async function searchPage<R extends object, T extends object>(
  page: SelectQueryBuilder<T>,
  total: number,
  request: PageRequest | null,
) {
  if (request) page.limit(request.pageSize).offset((request.page - 1) * request.pageSize);
  return {
    rows: await page.getRawMany<R>(),
    pagination: request ? pagination(request, total) : pagination({ page: 1, pageSize: total || 1 }, total),
  };
}

/**
 * The rows of `entity` whose `key` is one of `values`, by that key; rows of absent values are left out,
 * and no values cost no SQL. Entities as the query builder's getMany makes them (the entity's class,
 * each column's value through the driver), from a statement as written: pages ask this for every
 * mutation they list, and building the statement and its entities cost more than running it.
 */
export async function rowsByKey<E extends ObjectLiteral, C extends keyof E & string>(
  db: DataSource,
  entity: EntityTarget<E>,
  key: C,
  values: readonly E[C][],
): Promise<Map<E[C], E>> {
  if (values.length === 0) return new Map();
  const meta = db.getMetadata(entity);
  const keyColumn = meta.findColumnWithPropertyName(key)!;
  const rows = await readRows<Record<string, unknown>>(
    db,
    `${selectAll(db, meta)} WHERE ${db.driver.escape(keyColumn.databaseName)} IN (${placeholders(values)})`,
    [...values],
  );
  return new Map(
    rows.map((raw) => {
      const row = meta.create() as E;
      for (const column of meta.columns)
        column.setEntityValue(row, db.driver.prepareHydratedValue(raw[column.databaseName], column));
      return [row[key], row];
    }),
  );
}

/** `SELECT <every column> FROM <table>` of an entity, written once per entity and data source. */
const selectsAll = new WeakMap<EntityMetadata, string>();
function selectAll(db: DataSource, meta: EntityMetadata): string {
  let sql = selectsAll.get(meta);
  if (sql === undefined) {
    const columns = meta.columns.map((c) => db.driver.escape(c.databaseName)).join(", ");
    sql = `SELECT ${columns} FROM ${tableOf(db, meta.target)}`;
    selectsAll.set(meta, sql);
  }
  return sql;
}

/** part / whole as a percentage with two decimals (0 when whole is 0). */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100;
}

/** Numbers come back as strings from some drivers. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/**
 * One page per group in a single statement: `inner` selects `grp`, `id` and
 * `ROW_NUMBER() OVER (PARTITION BY … ORDER BY …) AS rn`; the outer query keeps the rows of the
 * requested page of each group (all rows when `request` is null). Standard SQL window functions,
 * supported by MySQL 8 / MariaDB 10.2+ and SQLite 3.25+.
 */
export async function pagePerGroup<T extends object>(
  db: DataSource,
  inner: SelectQueryBuilder<T>,
  request: PageRequest | null,
  extraColumns: string[] = [],
): Promise<({ grp: string; id: number } & Record<string, unknown>)[]> {
  const rows = await pageRowsPerGroup(db, inner, request, ["id", ...extraColumns]);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** `pagePerGroup` for rows without a numeric id: `inner` selects `grp`, `rn` and `columns`. */
export async function pageRowsPerGroup<T extends object>(
  db: DataSource,
  inner: SelectQueryBuilder<T>,
  request: PageRequest | null,
  columns: string[],
): Promise<({ grp: string } & Record<string, unknown>)[]> {
  const outer = db
    .createQueryBuilder()
    .select(["t.grp AS grp", ...columns.map((c) => `t.${c} AS ${c}`)])
    .from(`(${inner.getQuery()})`, "t")
    .setParameters(inner.getParameters())
    .orderBy("t.grp", "ASC")
    .addOrderBy("t.rn", "ASC");
  if (request) {
    outer.where("t.rn > :pageLow AND t.rn <= :pageHigh", {
      pageLow: (request.page - 1) * request.pageSize,
      pageHigh: request.page * request.pageSize,
    });
  }
  const rows = await outer.getRawMany<Record<string, unknown>>();
  return rows.map((r) => ({ ...r, grp: String(r.grp) }));
}

/** Group rows by their group key (`keyOf` reads it back from the driver's string), in the order returned. */
function idsByGroup<K>(rows: { grp: string; id: number }[], keyOf: (grp: unknown) => K): Map<K, number[]> {
  const map = new Map<K, number[]>();
  for (const row of rows) {
    const key = keyOf(row.grp);
    const list = map.get(key);
    if (list) list.push(row.id);
    else map.set(key, [row.id]);
  }
  return map;
}

/** A list's rows, and of those the rows in consensus genes, with no filter (as list_count holds them). */
export interface ListCounts {
  total: number;
  consensus: number;
}

/** Totals of a filtered list, per group. */
export interface ListTotals {
  /** All rows of the group. */
  total: number;
  /** Rows matching the text filter (and other non-mode filters). */
  matching: number;
  /** Of those, rows in consensus genes. */
  consensus: number;
}

/**
 * Totals of a filtered list per group (`qb` holds the filter): the rows matching it and, given a
 * consensus column, how many of those are in consensus genes; `total` is the group's count in
 * `unfiltered` when given, else the matching count. Every key gets totals (zeros for a group with no
 * row); `keyOf` reads a group's key back from what the driver returned.
 */
export async function groupTotals<K, T extends object>(
  qb: SelectQueryBuilder<T>,
  groupColumn: string,
  consensusColumn: string | null,
  keys: readonly K[],
  unfiltered: Map<K, number> | null,
  keyOf: (grp: unknown) => K,
): Promise<Map<K, ListTotals>> {
  const select = qb.select(groupColumn, "grp").addSelect("COUNT(*)", "matching");
  if (consensusColumn)
    select.addSelect(`SUM(CASE WHEN ${consensusColumn} = :modeYes THEN 1 ELSE 0 END)`, "consensus");
  const rows = await select.groupBy(groupColumn).getRawMany();
  const found = new Map(rows.map((r) => [keyOf(r.grp), r]));
  return new Map(
    keys.map((key) => {
      const r = found.get(key);
      const matching = num(r?.matching);
      return [
        key,
        { total: unfiltered ? (unfiltered.get(key) ?? 0) : matching, matching, consensus: num(r?.consensus) },
      ];
    }),
  );
}

export function filteredCount(totals: ListTotals, mode: ListMode): number {
  if (mode === "consensus") return totals.consensus;
  if (mode === "non-consensus") return totals.matching - totals.consensus;
  return totals.matching;
}

export function listPagination(request: PageRequest, totals: ListTotals, mode: ListMode) {
  const totalFiltered = filteredCount(totals, mode);
  return {
    page: request.page,
    pageSize: request.pageSize,
    total: totals.total,
    totalPages: Math.ceil(totalFiltered / request.pageSize),
    totalFiltered,
    totalConsensus: totals.consensus,
  };
}

/** SQL condition of a mode on a boolean consensus column. */
export function modeCondition(mode: ListMode, column: string): string | null {
  if (mode === "consensus") return `${column} = :modeYes`;
  if (mode === "non-consensus") return `${column} = :modeNo`;
  return null;
}
export const modeParams = { modeYes: true, modeNo: false };

/**
 * A case-insensitive substring filter over text columns (LIKE with '!' escapes), plus exact
 * matches on integer columns when the term is all digits. Returns null for an empty term.
 */
export function textFilter(
  term: string,
  textColumns: string[],
  integerColumns: string[] = [],
): { sql: string; params: Record<string, unknown> } | null {
  if (term === "") return null;
  const parts = textColumns.map((c) => `LOWER(${c}) LIKE :filterContains ESCAPE '!'`);
  const params: Record<string, unknown> = { filterContains: `%${likeEscape(term)}%` };
  if (/^\d{1,15}$/.test(term)) {
    parts.push(...integerColumns.map((c) => `${c} = :filterNumber`));
    params.filterNumber = Number(term);
  }
  return { sql: `(${parts.join(" OR ")})`, params };
}

/** Each group's total of its counts (ListCounts), as groupPages takes the unfiltered counts. */
export function totalsOnly<K>(counts: Map<K, { total: number }>): Map<K, number> {
  return new Map([...counts].map(([key, value]) => [key, value.total]));
}

/** A list per group (a disease's genes, mutations or studies; a study's mutations) as `groupPages` reads it. */
export interface GroupedList<K> {
  /** The rows of the groups `keys` matching `term`, with the gene joined as `g` (for the mode). */
  query: (keys: readonly K[], term: string) => SelectQueryBuilder<ObjectLiteral>;
  /** The group column, the id column and the order within a group (ending on a unique key). */
  group: string;
  id: string;
  order: string;
  /** The consensus column the mode filters and the totals count; null for a list without one. */
  consensus: string | null;
  keyOf: (grp: unknown) => K;
  /** Each group's row count without a filter (the `total` of a filtered page); without it, the matching count. */
  unfilteredTotals?: (keys: readonly K[]) => Promise<Map<K, number>>;
}

/**
 * One page of ids per group of `list`, with totals; with a term, `total` is the group's unfiltered
 * count when the list has `unfilteredTotals` (read only then), else the matching count.
 */
export async function groupPages<K>(
  db: DataSource,
  list: GroupedList<K>,
  keys: readonly K[],
  args: { term: string; mode: ListMode; request: PageRequest | null },
): Promise<Map<K, { ids: number[]; totals: ListTotals }>> {
  if (keys.length === 0) return new Map();
  const inner = list
    .query(keys, args.term)
    .select(list.group, "grp")
    .addSelect(list.id, "id")
    .addSelect(`ROW_NUMBER() OVER (PARTITION BY ${list.group} ORDER BY ${list.order})`, "rn");
  const mode = list.consensus === null ? null : modeCondition(args.mode, list.consensus);
  if (mode) inner.andWhere(mode);
  // The page and the totals are independent reads: one round trip of waiting, not two.
  const [rows, totals] = await Promise.all([
    pagePerGroup(db, inner, args.request),
    (async () => {
      const unfiltered =
        args.term === "" || !list.unfilteredTotals ? null : await list.unfilteredTotals(keys);
      return groupTotals(
        list.query(keys, args.term),
        list.group,
        list.consensus,
        keys,
        unfiltered,
        list.keyOf,
      );
    })(),
  ]);
  const ids = idsByGroup(rows, list.keyOf);
  return new Map(keys.map((key) => [key, { ids: ids.get(key) ?? [], totals: totals.get(key)! }]));
}
