import { YEAR_RANGE } from "../schema/years";

/** Strict cell parsers: a malformed cell throws a CellError naming the column, so the importer can name file and line. */
export class CellError extends Error {
  constructor(
    readonly column: string,
    message: string,
  ) {
    super(message);
  }
}

export type Cells = Record<string, string | number | null | undefined>;

function raw(row: Cells, column: string): string {
  if (!(column in row)) throw new CellError(column, `missing column '${column}'`);
  const value = row[column];
  return value === null || value === undefined ? "" : String(value).trim();
}

export function text(row: Cells, column: string): string {
  const value = raw(row, column);
  if (value === "") throw new CellError(column, `'${column}' is required but empty`);
  return value;
}

export function optText(row: Cells, column: string): string | null {
  const value = raw(row, column);
  return value === "" || value === "NA" ? null : value;
}

export function int(row: Cells, column: string): number {
  const value = optInt(row, column);
  if (value === null) throw new CellError(column, `'${column}' is required but empty`);
  return value;
}

export function optInt(row: Cells, column: string): number | null {
  const value = raw(row, column);
  if (value === "") return null;
  // synaptome.db stores some ids as NUMERIC: accept "123.0".
  if (!/^-?\d+(\.0+)?$/.test(value))
    throw new CellError(column, `'${column}' must be a whole number, got '${value}'`);
  const n = Number.parseInt(value, 10);
  if (!Number.isSafeInteger(n) || Math.abs(n) > 2_147_483_647)
    throw new CellError(column, `'${column}' is out of range: '${value}'`);
  return n;
}

/** A year within YEAR_RANGE, or null when empty. */
export function optYear(row: Cells, column: string): number | null {
  const value = optInt(row, column);
  if (value !== null && (value < YEAR_RANGE.first || value > YEAR_RANGE.last))
    throw new CellError(
      column,
      `'${column}' must be a year from ${YEAR_RANGE.first} to ${YEAR_RANGE.last}, got '${value}'`,
    );
  return value;
}

export function year(row: Cells, column: string): number {
  const value = optYear(row, column);
  if (value === null) throw new CellError(column, `'${column}' is required but empty`);
  return value;
}

export function optBool(row: Cells, column: string): boolean | null {
  const value = raw(row, column).toLowerCase();
  if (value === "") return null;
  if (value === "true" || value === "1" || value === "yes") return true;
  if (value === "false" || value === "0" || value === "no") return false;
  throw new CellError(column, `'${column}' must be TRUE or FALSE, got '${value}'`);
}
