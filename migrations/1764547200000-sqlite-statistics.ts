import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * SQLite's query-planner statistics (ANALYZE) for a database loaded before every switch took them
 * (seeds/release-switch.ts refreshPlannerStatistics); nothing on MySQL/MariaDB, which keeps its own.
 */
export class SqliteStatistics1764547200000 implements MigrationInterface {
  name = "SqliteStatistics1764547200000";

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== "mysql") await queryRunner.query("ANALYZE");
  }

  async down(): Promise<void> {
    // Statistics only steer the planner: nothing to undo.
  }
}
