import type { DataSource, EntityManager, QueryRunner } from "typeorm";
import type { TableOf } from "../gateway/services/read-models/build-context";
import { createTablesLike, openTablesView, PREV } from "../seeds/release-switch";

/**
 * A migration that adds read-model tables builds them for the releases the database already holds: the
 * live one, and the kept previous one (its copies of `tables` created like the live ones first), so an
 * upgraded database serves them at once and a rollback keeps them too. `build` writes into the tables
 * `t` names from the release whose entities `view` reads.
 */
export async function buildForLoadedReleases(
  queryRunner: QueryRunner,
  tables: string[],
  build: (manager: EntityManager, t: TableOf, view: DataSource) => Promise<void>,
): Promise<void> {
  const db = queryRunner.connection;
  const quoted = (name: string) => db.driver.escape(name);
  const holds = async (table: string) =>
    (await queryRunner.hasTable(table)) &&
    Number(
      ((await queryRunner.query(`SELECT COUNT(*) AS n FROM ${quoted(table)}`)) as { n: unknown }[])[0]?.n,
    ) > 0;
  if (await holds("dataset_release")) await build(queryRunner.manager, quoted, db);
  if (await holds(`dataset_release${PREV}`)) {
    await createTablesLike(db, tables, PREV);
    const kept = await openTablesView(db, PREV);
    try {
      await build(queryRunner.manager, (table) => quoted(table + PREV), kept);
    } finally {
      await kept.destroy();
    }
  }
}

/** What a build's progress lines go to inside a migration: nowhere. */
export const QUIET = { table() {}, advance() {} };
