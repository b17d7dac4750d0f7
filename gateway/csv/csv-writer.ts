import { pipeline, Readable, Transform } from "node:stream";
import { stringify } from "csv-stringify";
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
): Readable {
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
  // pipeline ends the row source when the output is destroyed (the client went away), so an
  // abandoned download stops reading the database; a failing source destroys the response.
  const output = coalesced(COALESCED_CHUNK_BYTES);
  pipeline(Readable.from(records()), stringifier, output, () => undefined);
  return output;
}

/** Size of the pieces a CSV is sent in. */
const COALESCED_CHUNK_BYTES = 64 * 1024;

/**
 * Joins the stringifier's one-record chunks into pieces of about `bytes`: compression and the socket
 * cost per chunk written, not per byte (a 70,600-row table took 4.2 s gzipped in one-row chunks and
 * 0.65 s uncompressed).
 */
function coalesced(bytes: number): Transform {
  let pending: Buffer[] = [];
  let length = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      length += chunk.length;
      if (length >= bytes) {
        this.push(Buffer.concat(pending, length));
        pending = [];
        length = 0;
      }
      done();
    },
    flush(done) {
      if (length > 0) this.push(Buffer.concat(pending, length));
      done();
    },
  });
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
