import type { MigrationInterface, QueryRunner } from "typeorm";
import { buildListCounts } from "../gateway/services/read-models/build";
import { PREV } from "../seeds/release-switch";
import { buildForLoadedReleases, QUIET } from "./loaded-releases";

const COLUMNS = ["first_all", "first_consensus", "first_other"];

/**
 * Each list's first rows in every mode beside its counts (list_count's `first_*` columns): the columns
 * added, then list_count written anew for the release already loaded and the kept previous one (its
 * table made again like the live one); every later load writes them with the release (seeds/loader.ts).
 */
export class ListHeads1764720000000 implements MigrationInterface {
  name = "ListHeads1764720000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    // A database whose read models were first made by today's 1764288000000-read-models.ts has them.
    for (const column of COLUMNS)
      if (!(await queryRunner.hasColumn("list_count", column)))
        await queryRunner.query(
          `ALTER TABLE ${queryRunner.connection.driver.escape("list_count")} ADD COLUMN ${column} TEXT NULL`,
        );
    await buildForLoadedReleases(queryRunner, ["list_count"], async (manager, t) => {
      await manager.query(`DELETE FROM ${t("list_count")}`);
      await buildListCounts(manager, t, QUIET);
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of ["list_count", `list_count${PREV}`])
      if (await queryRunner.hasTable(name))
        for (const column of COLUMNS)
          await queryRunner.query(
            `ALTER TABLE ${queryRunner.connection.driver.escape(name)} DROP COLUMN ${column}`,
          );
  }
}
