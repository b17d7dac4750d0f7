/** Bound of every IN (...) list: long lists are looked up in chunks of this size. */
const CHUNK = 500;

/** A list cut into pieces of at most CHUNK items, in order. */
export function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
