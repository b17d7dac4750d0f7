import type { MigrationInterface, QueryRunner } from "typeorm";

const COLUMNS = ["first_all", "first_consensus", "first_other"];

/**
 * Each list's first rows in every mode beside its counts: list_count's `first_*` columns, added to a
 * database whose list_count came before them. Their values are derived data: a release built before
 * them carries no version that writes them, and is built again (seeds/derived-data.ts); the kept
 * previous release's list_count is made anew, shaped like the live one, when it is.
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
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The kept previous release's copy too, when it has them.
    for (const name of ["list_count", "list_count__prev"])
      for (const column of COLUMNS)
        if ((await queryRunner.hasTable(name)) && (await queryRunner.hasColumn(name, column)))
          await queryRunner.query(
            `ALTER TABLE ${queryRunner.connection.driver.escape(name)} DROP COLUMN ${column}`,
          );
  }
}
