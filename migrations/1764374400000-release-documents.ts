import { type MigrationInterface, type QueryRunner, Table } from "typeorm";
import { buildReleaseDocuments } from "../gateway/services/read-models/build";
import { PREV } from "../seeds/release-switch";
import { buildForLoadedReleases, QUIET } from "./loaded-releases";

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
    await buildForLoadedReleases(queryRunner, ["release_document"], (manager, t, view) =>
      buildReleaseDocuments(manager, t, view, QUIET),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable(`release_document${PREV}`, true);
    await queryRunner.dropTable("release_document__next", true);
    await queryRunner.dropTable("release_document", true);
  }
}
