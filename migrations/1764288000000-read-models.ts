import { type MigrationInterface, type QueryRunner, Table, TableIndex } from "typeorm";
import { GeneTabReader } from "../gateway/services/gene-tabs";
import { buildReadModels } from "../gateway/services/read-models/build";
import { PREV } from "../seeds/release-switch";
import { buildForLoadedReleases, QUIET } from "./loaded-releases";

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
 * The release's read models (schema/read-model.entity.ts): created empty, then built for the release
 * already loaded, and for the kept previous one, so an upgraded database serves them at once and a
 * rollback keeps its read models too. Every later load builds them with the release (seeds/loader.ts).
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
        // before); created here too, since this migration builds list_count with today's build.
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
    await buildForLoadedReleases(queryRunner, TABLES, (manager, t, view) =>
      buildReadModels(manager, t, new GeneTabReader(view), QUIET),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.dropTable(`${table}${PREV}`, true);
      await queryRunner.dropTable(`${table}__next`, true);
      await queryRunner.dropTable(table, true);
    }
  }
}
