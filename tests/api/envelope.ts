import { parse } from "csv-parse/sync";

/** What the REST tests read back: the envelope of a JSON answer, its pagination, and CSV downloads. */
export interface Pagination {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  totalFiltered?: number;
  totalConsensus?: number;
  consensusPercentage?: number;
}
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data: T;
  pagination?: Pagination;
  [extra: string]: unknown;
}
export type Row = Record<string, unknown>;

/** A CSV download's rows by header, parsed strictly (bad quoting or a ragged row fails the test). */
export const parseCsv = (text: string) =>
  parse(text, { columns: true, relax_quotes: false, relax_column_count: false }) as Record<string, string>[];
