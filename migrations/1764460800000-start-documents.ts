import type { MigrationInterface, QueryRunner } from "typeorm";
import { buildStartDocuments } from "../gateway/services/read-models/build";
import { DEFAULT_TERM_SIZES, RELEASE_SIZES } from "../gateway/services/read-models/release-documents";
import { PREV } from "../seeds/release-switch";
import { buildForLoadedReleases, QUIET } from "./loaded-releases";

/**
 * The documents a gateway reads at start (the cost model's sizes, the default background's term sizes),
 * written for the release already loaded and the kept previous one; every later load writes them with
 * the release (seeds/loader.ts).
 */
export class StartDocuments1764460800000 implements MigrationInterface {
  name = "StartDocuments1764460800000";

  async up(queryRunner: QueryRunner): Promise<void> {
    // No new table: the documents go into the release_document tables the previous migration made.
    await buildForLoadedReleases(queryRunner, [], (manager, t, view) =>
      buildStartDocuments(manager, t, view, QUIET),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["release_document", `release_document${PREV}`])
      if (await queryRunner.hasTable(table))
        await queryRunner.query(
          `DELETE FROM ${queryRunner.connection.driver.escape(table)} WHERE name IN (?, ?)`,
          [RELEASE_SIZES, DEFAULT_TERM_SIZES],
        );
  }
}
