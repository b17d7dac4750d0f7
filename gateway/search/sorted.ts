/**
 * The first position in a sorted list of `count` strings (read through `keyAt`) whose string is not
 * below `key`: where the strings starting with `key` begin. Code-unit order, as `<` compares.
 */
export function lowerBound(count: number, keyAt: (i: number) => string, key: string): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
