import DataLoader from "dataloader";

/** Keeps IN (...) lists bounded whatever a query asks for. */
export const MAX_BATCH_SIZE = 500;

/** A loader of one value per key; a key the fetch does not return gets `missing`. */
export function byKey<K, V>(fetch: (keys: readonly K[]) => Promise<Map<K, V>>, missing: V): DataLoader<K, V> {
  return new DataLoader<K, V>(
    async (keys) => {
      const found = await fetch(keys);
      return keys.map((k) => found.get(k) ?? missing);
    },
    { maxBatchSize: MAX_BATCH_SIZE },
  );
}

/**
 * A loader of one page of a list per parent (a disease's genes, a study's mutations, ...): the
 * requests of a batch that share the same arguments become one query for all their parents.
 */
export function pageLoader<K, A, V>(
  fetch: (keys: readonly K[], args: A) => Promise<Map<K, V>>,
): DataLoader<{ key: K; args: A }, V, string> {
  return new DataLoader<{ key: K; args: A }, V, string>(
    async (requests) => {
      const groups = new Map<string, { args: A; keys: K[] }>();
      for (const r of requests) {
        const id = JSON.stringify(r.args);
        const group = groups.get(id) ?? { args: r.args, keys: [] };
        group.keys.push(r.key);
        groups.set(id, group);
      }
      const results = new Map<string, Map<K, V>>();
      await Promise.all(
        [...groups].map(async ([id, g]) => results.set(id, await fetch([...new Set(g.keys)], g.args))),
      );
      return requests.map((r) => {
        const value = results.get(JSON.stringify(r.args))?.get(r.key);
        return value === undefined ? new Error(`No page for ${String(r.key)}`) : value;
      });
    },
    { maxBatchSize: MAX_BATCH_SIZE, cacheKeyFn: (r) => JSON.stringify([r.key, r.args]) },
  );
}

/** A whole small table (brain regions, chapters, compartments) read once per request, whoever asks. */
export function wholeTable<V>(read: () => Promise<V[]>): DataLoader<"all", V[]> {
  return new DataLoader<"all", V[]>(async (keys) => {
    const all = await read();
    return keys.map(() => all);
  });
}
