import { describe, expect, it } from "vitest";
import { COLUMN_REFERENCES, TABLE_INFO, TABLE_KINDS } from "../../gateway/services/schema-diagram.service";
import { clip, ER_GEOMETRY, type ErTable, layoutErDiagram, visibleRows } from "../../web/src/lib/erLayout";

const col = (name: string, primary = false, references: string | null = null) => ({
  name,
  type: "int",
  primary,
  references,
});

const tables: ErTable[] = [
  {
    name: "gene",
    kind: "core",
    rowCount: 3,
    columns: [col("id", true), col("human_entrez"), col("a"), col("b")],
  },
  { name: "paper", kind: "core", rowCount: 2, columns: [col("pmid", true), col("year")] },
  {
    name: "paper_gene",
    kind: "junction",
    rowCount: 5,
    columns: [col("gene_id", true, "gene.id"), col("pmid", true, "paper.pmid")],
  },
  {
    name: "region",
    kind: "core",
    rowCount: 1,
    columns: [col("id", true), col("parent_id", false, "region.id")],
  },
  {
    name: "wide",
    kind: "api",
    rowCount: 0,
    columns: Array.from({ length: 12 }, (_, i) => col(`c${i}`, i === 0)),
  },
  { name: "odd", kind: "unknown-kind", rowCount: 0, columns: [col("id", true)] },
];
const relations = [
  { fromTable: "paper_gene", fromColumn: "gene_id", toTable: "gene", toColumn: "id" },
  { fromTable: "paper_gene", fromColumn: "pmid", toTable: "paper", toColumn: "pmid" },
  { fromTable: "region", fromColumn: "parent_id", toTable: "region", toColumn: "id" },
];

describe("ER diagram layout", () => {
  const layout = layoutErDiagram(tables, relations);

  it("places every table once, without overlaps, inside the drawing", () => {
    expect(layout.boxes.map((b) => b.name).sort()).toEqual(tables.map((t) => t.name).sort());
    for (const a of layout.boxes) {
      expect(a.x + a.width).toBeLessThanOrEqual(layout.width);
      expect(a.y + a.height).toBeLessThanOrEqual(layout.height);
      for (const b of layout.boxes) {
        if (a === b) continue;
        const apart =
          a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.name} overlaps ${b.name}`).toBe(true);
      }
    }
  });

  it("draws one edge per relation, from the referring row to the referenced row", () => {
    expect(layout.edges).toHaveLength(relations.length);
    for (const edge of layout.edges) {
      const from = layout.boxes.find((b) => b.name === edge.from.fromTable)!;
      const to = layout.boxes.find((b) => b.name === edge.from.toTable)!;
      expect(edge.start.y).toBe(from.rows.find((r) => r.name === edge.from.fromColumn)!.y);
      expect(edge.end.y).toBe(to.rows.find((r) => r.name === edge.from.toColumn)!.y);
      expect([from.x, from.x + from.width]).toContain(edge.start.x);
      expect([to.x, to.x + to.width]).toContain(edge.end.x);
      expect(edge.path.startsWith(`M${edge.start.x},${edge.start.y}`)).toBe(true);
    }
    // A junction on the left joins its core tables to the right.
    const toGene = layout.edges.find((e) => e.from.toTable === "gene")!;
    expect(toGene.start.dir).toBe(1);
  });

  it("keeps keys and references, caps other columns and counts what it hides", () => {
    const wide = layout.boxes.find((b) => b.name === "wide")!;
    expect(wide.rows).toHaveLength(ER_GEOMETRY.maxRows);
    expect(wide.hiddenColumns).toBe(12 - ER_GEOMETRY.maxRows);
    const referenced = new Set(["gene.human_entrez"]);
    const gene = visibleRows(tables[0]!, referenced);
    expect(gene.rows.map((r) => r.name)).toEqual(["id", "human_entrez", "a", "b"]);
    expect(gene.hidden).toBe(0);
  });

  it("clips long labels with an ellipsis", () => {
    expect(clip("evidence_nontraceable_author_statement", 10)).toBe("evidence_…");
    expect(clip("id", 10)).toBe("id");
  });
});

describe("ER diagram classification rule", () => {
  it("classifies every table into a legend kind and every reference joins classified tables", () => {
    const kinds = new Set(TABLE_KINDS.map((k) => k.key));
    expect([...kinds]).toEqual(["core", "junction", "external", "api", "go"]);
    for (const [table, info] of Object.entries(TABLE_INFO)) expect(kinds.has(info.kind), table).toBe(true);
    for (const [from, to] of Object.entries(COLUMN_REFERENCES)) {
      expect(TABLE_INFO[from.split(".")[0]!], from).toBeDefined();
      expect(TABLE_INFO[to.split(".")[0]!], to).toBeDefined();
    }
  });
});

describe("ER diagram label room", () => {
  it("leaves fewer characters for a name beside a longer type, never fewer than 4", async () => {
    const { nameRoom } = await import("../../web/src/lib/erLayout");
    expect(nameRoom(224, 34, 3)).toBeGreaterThan(nameRoom(224, 34, 12));
    expect(nameRoom(224, 34, 12)).toBeGreaterThanOrEqual(14);
    expect(nameRoom(40, 34, 12)).toBe(4);
  });
});
