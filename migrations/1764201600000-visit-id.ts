import { type MigrationInterface, type QueryRunner, TableColumn, TableIndex } from "typeorm";

/**
 * visit.visit_id: the client's id of a page view, under a unique key, so that a visit resent (nginx
 * passing a POST to the next gateway, a client retry) is stored once. Nullable: a caller that sends no
 * id still has every visit stored (NULLs never collide in a unique index, on MySQL and SQLite alike).
 */
export class VisitId1764201600000 implements MigrationInterface {
  name = "VisitId1764201600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      "visit",
      new TableColumn({ name: "visit_id", type: "varchar", length: "36", isNullable: true }),
    );
    await queryRunner.createIndex(
      "visit",
      new TableIndex({ name: "ux_visit_visit_id", columnNames: ["visit_id"], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex("visit", "ux_visit_visit_id");
    await queryRunner.dropColumn("visit", "visit_id");
  }
}
