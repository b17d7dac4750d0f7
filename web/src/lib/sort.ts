/** Sorting rules shared by tables (spec 1 §5): empty values last; strings by locale, numbers by subtraction. */
export type SortDirection = "asc" | "desc";
export type SortValue = string | number | boolean | null | undefined;

export function isEmptyValue(value: SortValue): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/** Compares two values; empty values always sort last, whatever the direction. */
export function compareValues(a: SortValue, b: SortValue, direction: SortDirection = "asc"): number {
  const aEmpty = isEmptyValue(a);
  const bEmpty = isEmptyValue(b);
  if (aEmpty && bEmpty) return 0;
  if (aEmpty) return 1;
  if (bEmpty) return -1;
  let result: number;
  if (typeof a === "number" && typeof b === "number") {
    result = a - b;
  } else if (typeof a === "boolean" && typeof b === "boolean") {
    result = Number(a) - Number(b);
  } else {
    result = String(a).localeCompare(String(b));
  }
  return direction === "asc" ? result : -result;
}

/** Returns a new array sorted by the accessor; the input is not changed. Stable. */
export function sortBy<T>(
  items: readonly T[],
  accessor: (item: T) => SortValue,
  direction: SortDirection = "asc",
): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((x, y) => compareValues(accessor(x.item), accessor(y.item), direction) || x.index - y.index)
    .map((entry) => entry.item);
}
