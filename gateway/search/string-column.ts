import { lowerBound } from "./sorted";

/**
 * Many short strings as one UTF-8 buffer and where each starts. At 10x data the search index held about
 * two million strings, each a heap object of its own whose header outweighed most texts, and every full
 * garbage collection marked them all; a column is two arrays outside the heap, and a string is decoded
 * when it is read. A plain object, so the index's snapshot (v8.serialize) keeps it as it is.
 */
export interface StringColumn {
  readonly bytes: Buffer;
  /** Where string i starts in `bytes`, and (at i + 1) ends. */
  readonly starts: Int32Array;
}

export function stringColumn(strings: readonly string[]): StringColumn {
  const starts = new Int32Array(strings.length + 1);
  let size = 0;
  for (const [i, text] of strings.entries()) {
    starts[i] = size;
    size += Buffer.byteLength(text, "utf8");
  }
  starts[strings.length] = size;
  const bytes = Buffer.allocUnsafeSlow(size);
  for (const [i, text] of strings.entries()) bytes.write(text, starts[i]!, "utf8");
  return { bytes, starts };
}

export const columnLength = (column: StringColumn): number => column.starts.length - 1;

export const stringAt = (column: StringColumn, i: number): string =>
  column.bytes.toString("utf8", column.starts[i]!, column.starts[i + 1]!);

/** In a column sorted in code-unit order: the first position whose string is not below `key`. */
export const columnLowerBound = (column: StringColumn, key: string): number =>
  lowerBound(columnLength(column), (i) => stringAt(column, i), key);
