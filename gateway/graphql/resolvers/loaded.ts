/** Values a batch load found, in order; missing rows are dropped. */
export function present<T>(values: readonly (T | null | undefined | Error)[]): T[] {
  return values.filter((v): v is T => v !== null && v !== undefined && !(v instanceof Error));
}

/**
 * The edges of a connection: one per row whose node the batch load found (`nodes[i]` is row i's), in
 * the rows' order; a row whose node is missing is left out, as `present` leaves out a missing node.
 */
export function edgesOf<Row, Node, Edge>(
  rows: readonly Row[],
  nodes: readonly (Node | null | undefined | Error)[],
  edge: (row: Row, node: Node) => Edge,
): Edge[] {
  return rows.flatMap((row, i) => {
    const node = nodes[i];
    return node === null || node === undefined || node instanceof Error ? [] : [edge(row, node)];
  });
}
