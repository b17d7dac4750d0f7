import { columnLength, columnLowerBound, type StringColumn, stringAt, stringColumn } from "./string-column";

/**
 * A read-only map from string keys to lists of ids, as flat arrays: the keys sorted, where each key's ids
 * start, and the ids in the order they were added. At 10x data a Map of arrays took about 130 bytes a
 * key on the heap (160,000 keys, 20 MB); this takes the key's UTF-8 bytes and 12 bytes. A plain object,
 * so the search index's snapshot (v8.serialize) keeps it as it is.
 */
export interface KeyedIds {
  readonly keys: StringColumn;
  /** Where the ids of keys[i] start in `ids`, and (at i + 1) end. */
  readonly starts: Uint32Array;
  readonly ids: Int32Array;
}

/** Collects (key, id) pairs, an id once per key, into KeyedIds. */
export class KeyedIdsBuilder {
  private readonly lists = new Map<string, number[]>();

  add(key: string, id: number): void {
    const list = this.lists.get(key);
    if (!list) this.lists.set(key, [id]);
    else if (!list.includes(id)) list.push(id);
  }

  build(): KeyedIds {
    const keys = [...this.lists.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const starts = new Uint32Array(keys.length + 1);
    let total = 0;
    for (const [i, key] of keys.entries()) {
      starts[i] = total;
      total += this.lists.get(key)!.length;
    }
    starts[keys.length] = total;
    const ids = new Int32Array(total);
    for (const [i, key] of keys.entries()) ids.set(this.lists.get(key)!, starts[i]!);
    return { keys: stringColumn(keys), starts, ids };
  }
}

const NONE = new Int32Array(0);

/** The ids of `key`, in the order they were added (empty when the key is absent). */
export function idsOf(table: KeyedIds, key: string): Int32Array {
  const i = columnLowerBound(table.keys, key);
  return i < columnLength(table.keys) && stringAt(table.keys, i) === key
    ? table.ids.subarray(table.starts[i]!, table.starts[i + 1]!)
    : NONE;
}
