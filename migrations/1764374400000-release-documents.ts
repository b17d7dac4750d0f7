import { type MigrationInterface, type QueryRunner, Table } from "typeorm";
import { buildReleaseDocuments } from "../gateway/services/read-models/build";
import { createTablesLike, openTablesView, PREV } from "../seeds/release-switch";

/**
 * The release documents (schema/read-model.entity.ts ReleaseDocument): created empty, then built for
 * the release already loaded and for the kept previous one, as the read-model migration does for its
 * tables. Every later load builds them with the release (seeds/loader.ts).
 */
export class ReleaseDocuments1764374400000 implements MigrationInterface {
  name = "ReleaseDocuments1764374400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const db = queryRunner.connection;
    await queryRunner.createTable(
      new Table({
        name: "release_document",
        columns: [
          { name: "name", type: "varchar", length: "48", isPrimary: true },
          // MySQL's BLOB stops at 64 KB; a document with every cell's top proteins is larger.
          { name: "body", type: db.options.type === "mysql" ? "mediumblob" : "blob" },
        ],
      }),
      true,
    );
    const quoted = (name: string) => db.driver.escape(name);
    const holds = async (table: string) =>
      (await queryRunner.hasTable(table)) &&
      Number(
        ((await queryRunner.query(`SELECT COUNT(*) AS n FROM ${quoted(table)}`)) as { n: unknown }[])[0]?.n,
      ) > 0;
    const quiet = { table() {}, advance() {} };
    if (await holds("dataset_release")) await buildReleaseDocuments(queryRunner.manager, quoted, db, quiet);
    if (await holds(`dataset_release${PREV}`)) {
      await createTablesLike(db, ["release_document"], PREV);
      const kept = await openTablesView(db, PREV);
      try {
        await buildReleaseDocuments(queryRunner.manager, (table) => quoted(table + PREV), kept, quiet);
      } finally {
        await kept.destroy();
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable(`release_document${PREV}`, true);
    await queryRunner.dropTable("release_document__next", true);
    await queryRunner.dropTable("release_document", true);
  }
}
