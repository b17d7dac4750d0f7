type Loaded<T> = T | null | undefined | Error;

/** Whether a batch load found the value (a missing row loads as null, undefined or an Error). */
const isFound = <T>(value: Loaded<T>): value is T =>
  value !== null && value !== undefined && !(value instanceof Error);

/** Values a batch load found, in order; missing rows are dropped. */
export function present<T>(values: readonly Loaded<T>[]): T[] {
  return values.filter(isFound);
}

/**
 * The edges of a connection: one per row whose node the batch load found (`nodes[i]` is row i's), in
 * the rows' order; a row whose node is missing is left out, as `present` leaves out a missing node.
 */
export function edgesOf<Row, Node, Edge>(
  rows: readonly Row[],
  nodes: readonly Loaded<Node>[],
  edge: (row: Row, node: Node) => Edge,
): Edge[] {
  return rows.flatMap((row, i) => {
    const node = nodes[i];
    return isFound(node) ? [edge(row, node)] : [];
  });
}
