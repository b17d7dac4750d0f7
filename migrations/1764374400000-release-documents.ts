import { type MigrationInterface, type QueryRunner, Table } from "typeorm";

/**
 * The release documents (schema/read-model.entity.ts ReleaseDocument), created empty: their rows are
 * derived data, built like the read models' (see 1764288000000-read-models.ts).
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
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable("release_document__prev", true);
    await queryRunner.dropTable("release_document__next", true);
    await queryRunner.dropTable("release_document", true);
  }
}
