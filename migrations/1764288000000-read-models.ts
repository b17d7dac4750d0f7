import { type MigrationInterface, type QueryRunner, Table, TableIndex } from "typeorm";

const key = (name: string, length: number) => ({
  name,
  type: "varchar",
  length: String(length),
  isPrimary: true,
});
/** The tables this migration creates (later read models come with migrations of their own). */
const TABLES = ["list_row", "list_count", "gene_document"];
const int = (name: string, extra: { isPrimary?: boolean; isNullable?: boolean } = {}) => ({
  name,
  type: "int",
  ...extra,
});

/**
 * The release's read models (schema/read-model.entity.ts), created empty: a migration changes the
 * schema only. Their rows are derived data, built by the code of the day for the live release at start
 * or seed and for the kept one at rollback (seeds/derived-data.ts), and with every load (seeds/loader.ts).
 */
export class ReadModels1764288000000 implements MigrationInterface {
  name = "ReadModels1764288000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "list_row",
        columns: [
          key("list", 24),
          key("parent", 16),
          int("position", { isPrimary: true }),
          { name: "consensus", type: "boolean" },
          int("mode_position"),
          int("item_id"),
          int("region_id", { isNullable: true }),
          int("localisation_id", { isNullable: true }),
        ],
        indices: [
          new TableIndex({
            name: "ix_list_row_mode",
            columnNames: ["list", "parent", "consensus", "mode_position"],
          }),
        ],
      }),
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: "list_count",
        // The first_* columns came later (1764720000000-list-heads.ts adds them to a database migrated
        // before); created here too, as this migration has made them since.
        columns: [
          key("list", 24),
          key("parent", 16),
          int("total"),
          int("consensus"),
          ...["first_all", "first_consensus", "first_other"].map((name) => ({
            name,
            type: "text",
            isNullable: true,
          })),
        ],
      }),
      true,
    );
    const db = queryRunner.connection;
    await queryRunner.createTable(
      new Table({
        name: "gene_document",
        columns: [
          int("gene_id", { isPrimary: true }),
          // A gene's deflated tab lists: MySQL's BLOB stops at 64 KB, MEDIUMBLOB at 16 MB.
          { name: "body", type: db.options.type === "mysql" ? "mediumblob" : "blob" },
        ],
      }),
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      // The kept previous release's and a staged release's copies (seeds/release-switch.ts) go too.
      await queryRunner.dropTable(`${table}__prev`, true);
      await queryRunner.dropTable(`${table}__next`, true);
      await queryRunner.dropTable(table, true);
    }
  }
}
