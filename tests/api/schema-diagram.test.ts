import type { QueryRunner, Table, TableColumn } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLUMN_REFERENCES, TABLE_INFO, TABLE_KINDS } from "../../gateway/services/schema-diagram.service";
import { migrations } from "../../migrations";
import { testDatabases } from "./databases";
import { type RunningPortal, sharedPortal } from "./portal";

const QUERY = `{ databaseSchema {
  kinds { key label rule }
  tables { name entity kind description rowCount columns { name type nullable primary references } }
  relations { fromTable fromColumn toTable toColumn cardinality }
} }`;

interface Schema {
  databaseSchema: {
    kinds: { key: string; label: string; rule: string }[];
    tables: {
      name: string;
      entity: string;
      kind: string;
      description: string;
      rowCount: number;
      columns: {
        name: string;
        type: string;
        nullable: boolean;
        primary: boolean;
        references: string | null;
      }[];
    }[];
    relations: {
      fromTable: string;
      fromColumn: string;
      toTable: string;
      toColumn: string;
      cardinality: string;
    }[];
  };
}

/**
 * The tables the migrations create, with the columns later ones add, captured by running them against a
 * recording query runner (indexes are not drawn).
 */
async function migrationTables(): Promise<Table[]> {
  const created: Table[] = [];
  const recorder = {
    createTable: async (table: Table) => void created.push(table),
    addColumn: async (table: string, column: TableColumn) =>
      void created.find((t) => t.name === table)!.columns.push(column),
    createIndex: async () => undefined,
    // An empty database: the read-model migration has no loaded release to build read models for.
    hasTable: async () => false,
    hasColumn: async (table: string, column: string) =>
      created.some((t) => t.name === table && t.columns.some((c) => c.name === column)),
    query: async () => [], // ANALYZE of the statistics migration: nothing to record
    connection: { options: { type: "better-sqlite3" }, driver: { escape: (name: string) => `"${name}"` } },
  } as unknown as QueryRunner;
  for (const Migration of migrations) await new Migration().up(recorder);
  return created;
}

describe.each(testDatabases)("databaseSchema (ER diagram) on $kind", (db) => {
  let api: RunningPortal;
  let schema: Schema["databaseSchema"];
  beforeAll(async () => {
    api = await sharedPortal(db);
    const response = await api.graphql<Schema>(QUERY);
    expect(response.body.errors).toBeUndefined();
    schema = response.body.data!.databaseSchema;
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists exactly the migration's tables, columns and primary keys", async () => {
    const expected = await migrationTables();
    expect(schema.tables.map((t) => t.name).sort()).toEqual(expected.map((t) => t.name).sort());
    for (const table of expected) {
      const served = schema.tables.find((t) => t.name === table.name)!;
      expect(served.columns.map((c) => c.name).sort(), table.name).toEqual(
        table.columns.map((c) => c.name).sort(),
      );
      expect(
        served.columns
          .filter((c) => c.primary)
          .map((c) => c.name)
          .sort(),
        `${table.name} primary key`,
      ).toEqual(
        table.columns
          .filter((c) => c.isPrimary)
          .map((c) => c.name)
          .sort(),
      );
    }
  });

  it("classifies every table into a legend group", () => {
    const keys = TABLE_KINDS.map((k) => k.key);
    expect(schema.kinds.map((k) => k.key)).toEqual(keys);
    for (const table of schema.tables) {
      expect(TABLE_INFO[table.name], `${table.name} is classified`).toBeDefined();
      expect(keys).toContain(table.kind);
      expect(table.description.length).toBeGreaterThan(0);
    }
    for (const key of keys)
      expect(
        schema.tables.some((t) => t.kind === key),
        key,
      ).toBe(true);
  });

  it("draws every declared reference between existing columns, each a real N:1 link", async () => {
    expect(schema.relations).toHaveLength(Object.keys(COLUMN_REFERENCES).length);
    const columnsOf = new Map(schema.tables.map((t) => [t.name, new Set(t.columns.map((c) => c.name))]));
    for (const relation of schema.relations) {
      expect(columnsOf.get(relation.fromTable)?.has(relation.fromColumn), relation.fromColumn).toBe(true);
      expect(columnsOf.get(relation.toTable)?.has(relation.toColumn), relation.toColumn).toBe(true);
      expect(relation.cardinality).toBe("N:1");
    }
    // Each referring column holds values that exist in the referenced table (spot check, small tables).
    const paperGene = schema.relations.find(
      (r) => r.fromTable === "paper_gene" && r.fromColumn === "gene_id",
    )!;
    const [orphans] = await api.portal.dataSource.query(
      `SELECT COUNT(*) AS n FROM ${paperGene.fromTable} f WHERE NOT EXISTS (SELECT 1 FROM ${paperGene.toTable} t WHERE t.${paperGene.toColumn} = f.${paperGene.fromColumn})`,
    );
    expect(Number(orphans.n)).toBe(0);
  });

  it("counts the rows of each table as the database does", async () => {
    for (const name of ["gene", "disease", "paper_gene", "go_term"]) {
      const [row] = await api.portal.dataSource.query(`SELECT COUNT(*) AS n FROM ${name}`);
      expect(schema.tables.find((t) => t.name === name)!.rowCount, name).toBe(Number(row.n));
    }
    expect(schema.tables.find((t) => t.name === "gene")!.rowCount).toBeGreaterThan(0);
  });
});
