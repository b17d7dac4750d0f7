/**
 * Layout of the ER diagram: table boxes in columns grouped by kind, and connector paths from a
 * referring column to the key it references. Pure, so the geometry is unit-tested.
 */
export interface ErColumn {
  name: string;
  type: string;
  primary: boolean;
  references?: string | null;
}

export interface ErTable {
  name: string;
  kind: string;
  rowCount: number;
  columns: ErColumn[];
}

export interface ErRelation {
  fromTable: string;
  fromColumn: string;
  toTable: string;
  toColumn: string;
}

export interface ErRow extends ErColumn {
  /** Referenced by another table's column. */
  referenced: boolean;
  y: number;
}

export interface ErBox {
  name: string;
  kind: string;
  rowCount: number;
  x: number;
  y: number;
  width: number;
  height: number;
  rows: ErRow[];
  hiddenColumns: number;
}

export interface ErEdge {
  from: ErRelation;
  /** SVG path from the referring row to the referenced row. */
  path: string;
  /** The 'many' end (on the referring box edge), and the direction the line leaves it (+1 right, -1 left). */
  start: { x: number; y: number; dir: 1 | -1 };
  /** The 'one' end (on the referenced box edge), and the direction the line arrives from. */
  end: { x: number; y: number; dir: 1 | -1 };
}

export interface ErGroupLabel {
  kind: string;
  x: number;
  y: number;
}

export interface ErLayout {
  width: number;
  height: number;
  boxes: ErBox[];
  edges: ErEdge[];
  labels: ErGroupLabel[];
}

export const ER_GEOMETRY = {
  boxWidth: 224,
  columnGap: 44,
  boxGap: 22,
  headerHeight: 30,
  rowHeight: 20,
  margin: 14,
  labelHeight: 26,
  /** Rows shown per box; key and reference columns are always shown. */
  maxRows: 8,
} as const;

/** Which kinds stack in each diagram column, left to right. */
export const ER_COLUMNS: readonly (readonly string[])[] = [
  ["junction"],
  ["core"],
  ["core"],
  ["external", "api"],
  ["go"],
];

/** Rows a box shows: keys, references and referenced columns first (in table order), then others up to the cap. */
export function visibleRows(table: ErTable, referenced: Set<string>): { rows: ErColumn[]; hidden: number } {
  const essential = (c: ErColumn) =>
    c.primary || Boolean(c.references) || referenced.has(`${table.name}.${c.name}`);
  const others = table.columns.filter((c) => !essential(c));
  const room = Math.max(0, ER_GEOMETRY.maxRows - table.columns.filter(essential).length);
  const shownOthers = new Set(others.slice(0, room).map((c) => c.name));
  const rows = table.columns.filter((c) => essential(c) || shownOthers.has(c.name));
  return { rows, hidden: table.columns.length - rows.length };
}

function boxHeight(rowCount: number, hidden: number): number {
  const g = ER_GEOMETRY;
  return g.headerHeight + (rowCount + (hidden > 0 ? 1 : 0)) * g.rowHeight + 6;
}

export function layoutErDiagram(tables: ErTable[], relations: ErRelation[]): ErLayout {
  const g = ER_GEOMETRY;
  const referenced = new Set(relations.map((r) => `${r.toTable}.${r.toColumn}`));
  const degree = new Map<string, number>();
  for (const r of relations) {
    degree.set(r.fromTable, (degree.get(r.fromTable) ?? 0) + 1);
    degree.set(r.toTable, (degree.get(r.toTable) ?? 0) + 1);
  }
  const prepared = tables.map((table) => {
    const { rows, hidden } = visibleRows(table, referenced);
    return { table, rows, hidden, height: boxHeight(rows.length, hidden) };
  });
  // Kinds not placed by ER_COLUMNS get a column of their own, so every table is drawn.
  const columns = ER_COLUMNS.map((kinds) => [...kinds]);
  for (const kind of new Set(tables.map((t) => t.kind))) {
    if (!columns.some((c) => c.includes(kind))) columns.push([kind]);
  }
  const boxes: ErBox[] = [];
  const labels: ErGroupLabel[] = [];
  const columnBottom: number[] = columns.map(() => g.margin);
  const columnX = (i: number) => g.margin + i * (g.boxWidth + g.columnGap);
  const place = (item: (typeof prepared)[number], column: number) => {
    const box: ErBox = {
      name: item.table.name,
      kind: item.table.kind,
      rowCount: item.table.rowCount,
      x: columnX(column),
      y: columnBottom[column]!,
      width: g.boxWidth,
      height: item.height,
      rows: item.rows.map((c, i) => ({
        ...c,
        referenced: referenced.has(`${item.table.name}.${c.name}`),
        y: columnBottom[column]! + g.headerHeight + i * g.rowHeight + g.rowHeight / 2,
      })),
      hiddenColumns: item.hidden,
    };
    boxes.push(box);
    columnBottom[column] = box.y + box.height + g.boxGap;
  };
  const byDegree = (a: (typeof prepared)[number], b: (typeof prepared)[number]) =>
    (degree.get(b.table.name) ?? 0) - (degree.get(a.table.name) ?? 0) ||
    a.table.name.localeCompare(b.table.name);
  const seenKinds = new Set<string>();
  for (const kind of columns.flat()) {
    if (seenKinds.has(kind)) continue;
    seenKinds.add(kind);
    const slots = columns.map((kinds, i) => (kinds.includes(kind) ? i : -1)).filter((i) => i >= 0);
    const members = prepared.filter((p) => p.table.kind === kind).sort(byDegree);
    if (members.length === 0) continue;
    for (const slot of slots) {
      labels.push({ kind, x: columnX(slot), y: columnBottom[slot]! + g.labelHeight - 10 });
      columnBottom[slot]! += g.labelHeight;
      if (slots.length > 1) break; // one label per kind, above its first column
    }
    for (const slot of slots.slice(1)) columnBottom[slot]! += g.labelHeight;
    for (const member of members) {
      const slot = slots.reduce((best, s) => (columnBottom[s]! < columnBottom[best]! ? s : best), slots[0]!);
      place(member, slot);
    }
  }
  const boxOf = new Map(boxes.map((b) => [b.name, b]));
  const edges: ErEdge[] = [];
  for (const relation of relations) {
    const from = boxOf.get(relation.fromTable);
    const to = boxOf.get(relation.toTable);
    if (!from || !to) continue;
    const fromRow = from.rows.find((r) => r.name === relation.fromColumn);
    const toRow = to.rows.find((r) => r.name === relation.toColumn);
    if (!fromRow || !toRow) continue;
    let start: ErEdge["start"];
    let end: ErEdge["end"];
    let path: string;
    if (from.x === to.x) {
      // Same column (or a self-reference): a loop on the right side.
      start = { x: from.x + from.width, y: fromRow.y, dir: 1 };
      end = { x: to.x + to.width, y: toRow.y, dir: 1 };
      const bulge = 30 + Math.min(60, Math.abs(toRow.y - fromRow.y) / 10);
      path = `M${start.x},${start.y} C${start.x + bulge},${start.y} ${end.x + bulge},${end.y} ${end.x},${end.y}`;
    } else {
      const rightward = to.x > from.x;
      start = { x: rightward ? from.x + from.width : from.x, y: fromRow.y, dir: rightward ? 1 : -1 };
      end = { x: rightward ? to.x : to.x + to.width, y: toRow.y, dir: rightward ? -1 : 1 };
      const pull = Math.max(30, Math.abs(end.x - start.x) / 2);
      path = `M${start.x},${start.y} C${start.x + start.dir * pull},${start.y} ${end.x + end.dir * pull},${end.y} ${end.x},${end.y}`;
    }
    edges.push({ from: relation, path, start, end });
  }
  const width = columnX(columns.length - 1) + g.boxWidth + g.margin + 40;
  const height = Math.max(...columnBottom) + g.margin;
  return { width, height, boxes, edges, labels };
}

/** Approximate glyph widths (px) of the diagram's fonts, used to keep names clear of types and counts. */
const NAME_CHAR_PX = 7;
const TYPE_CHAR_PX = 5.8;

/** Characters of a name that fit beside a right-aligned label of `sideChars` characters in a box. */
export function nameRoom(
  boxWidth: number,
  indent: number,
  sideChars: number,
  nameCharPx = NAME_CHAR_PX,
): number {
  return Math.max(4, Math.floor((boxWidth - indent - 10 - 8 - sideChars * TYPE_CHAR_PX) / nameCharPx));
}

/** Shortens a label to at most max characters, with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1))}…`;
}
