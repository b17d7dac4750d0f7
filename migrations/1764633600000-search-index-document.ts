import type { MigrationInterface, QueryRunner } from "typeorm";
import { buildSearchIndexDocument } from "../gateway/services/read-models/build";
import { deleteReleaseBinary, SEARCH_INDEX } from "../gateway/services/read-models/release-documents";
import { PREV } from "../seeds/release-switch";
import { buildForLoadedReleases } from "./loaded-releases";

/**
 * The search index as a release document, written for the release already loaded and the kept previous
 * one; every later load writes it with the release (seeds/loader.ts).
 */
export class SearchIndexDocument1764633600000 implements MigrationInterface {
  name = "SearchIndexDocument1764633600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await buildForLoadedReleases(queryRunner, [], (manager, t, view) =>
      buildSearchIndexDocument(manager, t, view),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ["release_document", `release_document${PREV}`])
      if (await queryRunner.hasTable(table))
        await deleteReleaseBinary(queryRunner, queryRunner.connection.driver.escape(table), SEARCH_INDEX);
  }
}
