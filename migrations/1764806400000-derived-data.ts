import { type MigrationInterface, type QueryRunner, Table } from "typeorm";

/**
 * derived_data (schema/read-model.entity.ts DerivedData): which version of the builder made the
 * release's derived data. Created empty, so a release loaded before it carries no version and is built
 * again by the code of the day (seeds/derived-data.ts).
 */
export class DerivedData1764806400000 implements MigrationInterface {
  name = "DerivedData1764806400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: "derived_data",
        columns: [
          { name: "id", type: "int", isPrimary: true },
          { name: "version", type: "int" },
          { name: "built_at", type: "varchar", length: "32" },
        ],
      }),
      true,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The kept previous release's and a staged release's copies (seeds/release-switch.ts) go too.
    for (const suffix of ["__prev", "__next", ""]) await queryRunner.dropTable(`derived_data${suffix}`, true);
  }
}
