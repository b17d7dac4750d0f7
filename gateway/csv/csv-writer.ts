import { pipeline, Readable } from "node:stream";
import { type Stringifier, stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** A file name safe for Content-Disposition: letters, digits, dot, dash and underscore only. */
export function csvFileName(parts: (string | number)[], datasetVersion: string): string {
  const base = parts
    .map((p) =>
      String(p)
        .replace(/[^A-Za-z0-9._-]+/g, "_")
        .replace(/^_+|_+$/g, ""),
    )
    .filter(Boolean)
    .join("_");
  return `${base || "export"}_v${datasetVersion.replace(/[^A-Za-z0-9.-]+/g, "_")}.csv`;
}

/**
 * The one CSV writer: streams rows through csv-stringify (RFC 4180 quoting) with formula escaping
 * on string cells, so a cell such as '=HYPERLINK(...)' cannot run in a spreadsheet.
 */
export function csvStream<Row>(
  columns: CsvColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): Stringifier {
  const stringifier = stringify({
    header: true,
    columns: columns.map((c) => c.header),
    escape_formulas: true,
    record_delimiter: "unix",
    cast: { boolean: (value) => (value ? "Yes" : "No") },
  });
  async function* records() {
    for await (const row of rows as AsyncIterable<Row>) {
      yield columns.map((c) => {
        const value = c.value(row);
        return value === null || value === undefined ? "" : value;
      });
    }
  }
  // pipeline ends the row source when the stringifier is destroyed (the client went away), so an
  // abandoned download stops reading the database; a failing source destroys the response.
  pipeline(Readable.from(records()), stringifier, () => undefined);
  return stringifier;
}

export function sendCsv<Row>(
  reply: FastifyReply,
  fileName: string,
  columns: CsvColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): FastifyReply {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("x-content-type-options", "nosniff")
    .send(csvStream(columns, rows));
}
