import type { DataSource, EntityTarget, ObjectLiteral } from "typeorm";

/**
 * One read statement as written, on a replica when there are replicas, as the query builder's SELECTs
 * are (DataSource.query would take the primary). For the reads every page makes, where building the
 * statement and its entities through the query builder cost more than the statement itself.
 */
export async function readRows<T>(db: DataSource, sql: string, params: unknown[] = []): Promise<T[]> {
  const runner = db.createQueryRunner("slave");
  try {
    return (await runner.query(sql, params)) as T[];
  } finally {
    await runner.release();
  }
}

/** The escaped name of `entity`'s table in `db` (a staged or kept release's copy when `db` is a view of one). */
export const tableOf = (db: DataSource, entity: EntityTarget<ObjectLiteral>): string =>
  db.driver.escape(db.getMetadata(entity).tableName);

/** One `?` per value, for an `IN (...)` list. */
export const placeholders = (values: readonly unknown[]): string => values.map(() => "?").join(", ");
