import { DataSource, type DataSourceOptions, DefaultNamingStrategy, type EntityManager } from "typeorm";

/**
 * A release is loaded beside the live one and switched in at once:
 *   `<table>__next`  the release being loaded (staging, invisible to the portal);
 *   `<table>`        the live release;
 *   `<table>__prev`  the release before it, kept for a rollback until the next load.
 * Only the release's own tables take part: what gateways write (visits, counters) is never switched.
 */
export const NEXT = "__next";
export const PREV = "__prev";
/** A release's derived data being built again (seeds/derived-data.ts), beside the live or kept copy. */
export const REBUILD = "__rebuild";
const SWAP = "__swap";

const isMysql = (db: DataSource) => db.options.type === "mysql";

async function tableExists(db: DataSource, table: string): Promise<boolean> {
  const runner = db.createQueryRunner();
  try {
    return await runner.hasTable(table);
  } finally {
    await runner.release();
  }
}

/** Drop tables that may exist (staging or kept ones), all in one statement on MySQL. */
export async function dropTables(db: DataSource, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  const names = tables.map((t) => db.driver.escape(t));
  if (isMysql(db)) await db.query(`DROP TABLE IF EXISTS ${names.join(", ")}`);
  else for (const name of names) await db.query(`DROP TABLE IF EXISTS ${name}`);
}

/**
 * SQLite index names are unique per database and stay with a renamed table, so a new copy's indexes
 * take the first of `ix_x`, `ix_x__b`, `ix_x__c` that no other copy (live, kept, staged) holds: a load
 * drops the kept release first, so it takes the other name than the live table's; derived data built
 * again beside the live and the kept copies takes the third.
 */
function freeIndexName(name: string, used: Set<string>): string {
  const base = name.replace(/__[bc]$/, "");
  const free = [base, `${base}__b`, `${base}__c`].find((candidate) => !used.has(candidate));
  if (!free) throw new Error(`no free SQLite index name for ${base}`);
  used.add(free);
  return free;
}

/**
 * Create empty `<table>__next` tables shaped exactly like the live ones, keys and indexes included
 * (MySQL `CREATE TABLE ... LIKE`; SQLite from the live table's own DDL in sqlite_master). The schema
 * has no foreign keys (migrations/), so nothing points from a live table into a staging one.
 */
export async function createStagingTables(db: DataSource, tables: string[]): Promise<void> {
  await createTablesLike(db, tables, NEXT);
}

/**
 * Create empty `<table><suffix>` tables shaped like the live ones (dropped first when they exist); on
 * SQLite their indexes take an index name no other copy holds (see freeIndexName).
 */
export async function createTablesLike(db: DataSource, tables: string[], suffix: string): Promise<void> {
  await dropTables(
    db,
    tables.map((t) => t + suffix),
  );
  const usedIndexNames = isMysql(db)
    ? new Set<string>()
    : new Set(
        ((await db.query("SELECT name FROM sqlite_master WHERE type = 'index'")) as { name: string }[]).map(
          (row) => row.name,
        ),
      );
  for (const table of tables) {
    const live = db.driver.escape(table);
    const next = db.driver.escape(table + suffix);
    if (isMysql(db)) {
      await db.query(`CREATE TABLE ${next} LIKE ${live}`);
      continue;
    }
    const rows = (await db.query(
      "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type DESC",
      [table],
    )) as { type: string; name: string; sql: string }[];
    for (const row of rows) {
      if (row.type === "table") {
        await db.query(row.sql.replace(/^CREATE TABLE\s+("?)[^\s"(]+\1/i, `CREATE TABLE ${next}`));
      } else if (row.type === "index") {
        const sql = row.sql.replace(
          /^CREATE (UNIQUE )?INDEX\s+("?)[^\s"]+\2\s+ON\s+("?)[^\s"(]+\3/i,
          (_all, unique: string | undefined) =>
            `CREATE ${unique ?? ""}INDEX ${db.driver.escape(freeIndexName(row.name, usedIndexNames))} ON ${next}`,
        );
        await db.query(sql);
      }
    }
  }
}

/**
 * Insert rows into `<entity's table>__next` with TypeORM's own value conversion for the entity
 * (preparePersistentValue), written as TypeORM's insert builder writes it (the same statement text and
 * parameters: tests/api/staging-insert.test.ts compares them). The builder itself is not used: it names
 * and looks up every value's parameter in objects copied per value, a third of a release load's CPU.
 */
export async function insertIntoStaging(
  manager: EntityManager,
  entity: new () => object,
  rows: object[],
): Promise<void> {
  const [sql, parameters] = stagingInsert(manager, entity, rows);
  await manager.query(sql, parameters);
}

/** The statement and parameters insertIntoStaging runs, for `<table>` itself when `table` is "live". */
export function stagingInsert(
  manager: EntityManager,
  entity: new () => object,
  rows: object[],
  table: "next" | "live" = "next",
): [string, unknown[]] {
  const { connection } = manager;
  const { driver } = connection;
  const metadata = connection.getMetadata(entity);
  const sqlite = !isMysql(connection);
  const columns = metadata.columns.filter((column) => column.isInsert);
  const special = columns.find(
    (column) => column.isVersion || column.isDiscriminator || column.generationStrategy === "uuid",
  );
  if (special)
    throw new Error(`${metadata.tableName}.${special.databaseName}: no staging insert for its kind`);
  const parameters: unknown[] = [];
  const value = (row: object, column: (typeof columns)[number]): string => {
    const prepared: unknown = driver.preparePersistentValue(column.getEntityValue(row), column);
    if (prepared === undefined) {
      // SQLite has no DEFAULT in VALUES: the column's default, else NULL (as TypeORM writes it).
      if (!sqlite) return "DEFAULT";
      return column.default !== undefined && column.default !== null
        ? driver.normalizeDefault(column)!
        : "NULL";
    }
    // TypeORM writes a number into SQLite's statement as it is: better-sqlite3 would bind it as a REAL,
    // and a text column would then hold "12.0" for 12.
    if (sqlite && typeof prepared === "number") return String(prepared);
    if (
      sqlite &&
      (typeof prepared === "boolean" || prepared instanceof Date || typeof prepared === "function")
    )
      throw new Error(
        `${metadata.tableName}.${column.databaseName}: no staging insert for ${typeof prepared}`,
      );
    parameters.push(prepared);
    return "?";
  };
  const name = driver.escape(metadata.tableName + (table === "next" ? NEXT : ""));
  const names = columns.map((column) => driver.escape(column.databaseName)).join(", ");
  const tuples = rows.map((row) => `(${columns.map((column) => value(row, column)).join(", ")})`);
  return [`INSERT INTO ${name}(${names}) VALUES ${tuples.join(", ")}`, parameters];
}

/**
 * Rename every table of a switch at once. MySQL/MariaDB: one `RENAME TABLE a TO b, c TO d, ...`
 * statement, which is atomic (readers wait on the metadata lock and then see the new tables).
 * SQLite: the renames inside one transaction; DDL is transactional in SQLite, and in WAL mode a reader
 * keeps its snapshot until the commit, then sees every renamed table together.
 */
async function renameAtOnce(
  db: DataSource,
  renames: [string, string][],
  stillWanted: () => Promise<boolean> = async () => true,
): Promise<boolean> {
  const e = (name: string) => db.driver.escape(name);
  if (isMysql(db)) {
    if (!(await stillWanted())) return false;
    await db.query(`RENAME TABLE ${renames.map(([from, to]) => `${e(from)} TO ${e(to)}`).join(", ")}`);
    return true;
  }
  const renamed = await db.transaction(async (manager) => {
    if (!(await stillWanted())) return false;
    for (const [from, to] of renames) await manager.query(`ALTER TABLE ${e(from)} RENAME TO ${e(to)}`);
    return true;
  });
  if (renamed) await refreshPlannerStatistics(db);
  return renamed;
}

/**
 * SQLite's query-planner statistics (ANALYZE, a quarter of a second on the bundled release), taken
 * again once tables have moved. Without any, SQLite took an equality on a two-valued indexed column
 * (`gene.is_consensus`) for a selective one: a disease's consensus genes were read by probing every
 * consensus gene against the diseases asked for, 1 s for a batch where reading the diseases' links
 * first takes 16 ms. MySQL/MariaDB (InnoDB) keeps its statistics itself.
 */
export async function refreshPlannerStatistics(db: DataSource): Promise<void> {
  if (!isMysql(db)) await db.query("ANALYZE");
}

/** Put the staged release live: live → `__prev`, `__next` → live, every table in one atomic step. */
export async function switchToStaged(db: DataSource, tables: string[]): Promise<void> {
  await dropTables(
    db,
    tables.map((t) => t + PREV),
  );
  await renameAtOnce(
    db,
    tables.flatMap((t): [string, string][] => [
      [t, t + PREV],
      [t + NEXT, t],
    ]),
  );
}

/** Whether a previous release is kept (every table has its `__prev`). */
export async function hasPreviousRelease(db: DataSource, tables: string[]): Promise<boolean> {
  for (const table of tables) if (!(await tableExists(db, table + PREV))) return false;
  return true;
}

/**
 * Swap the live and the previous release, every table in one atomic step. The release taken down
 * becomes the kept one, so a second rollback puts it back.
 */
export async function swapWithPrevious(db: DataSource, tables: string[]): Promise<void> {
  await renameAtOnce(
    db,
    tables.flatMap((t): [string, string][] => [
      [t, t + SWAP],
      [t + PREV, t],
      [t + SWAP, t + PREV],
    ]),
  );
}

/**
 * Put the copies `<table><from>` in the place of `<table><to>` (the live tables when `to` is "", the kept
 * release's when it is PREV), every table in one atomic step, and drop the copies they replace. For
 * derived data built again beside a release: nothing else of that release moves. `stillWanted` is asked
 * just before, inside the switch's transaction on SQLite: when it says no, nothing moves and nothing is
 * dropped (returns false).
 */
export async function replaceTables(
  db: DataSource,
  tables: readonly string[],
  from: string,
  to: string,
  stillWanted?: () => Promise<boolean>,
): Promise<boolean> {
  const renames: [string, string][] = [];
  for (const table of tables) {
    if (await tableExists(db, table + to)) renames.push([table + to, table + SWAP]);
    renames.push([table + from, table + to]);
  }
  const replaced = await renameAtOnce(db, renames, stillWanted);
  if (replaced)
    await dropTables(
      db,
      tables.map((t) => t + SWAP),
    );
  return replaced;
}

/**
 * Run `work` while no other process loads, rolls back or rebuilds derived data in this database: on
 * MySQL/MariaDB a named lock (GET_LOCK, waited for up to 10 minutes) held by a connection of its own,
 * so a rebuild never reads a release that a switch moves under it. On SQLite none: a rebuild checks, in
 * its switch's transaction, that the release it read is still there (seeds/derived-data.ts).
 */
export async function withReleaseLock<T>(db: DataSource, work: () => Promise<T>): Promise<T> {
  if (!isMysql(db)) return work();
  // Per database on the server; a lock name is at most 64 characters.
  const name = "LEFT(CONCAT('portal release ', DATABASE()), 64)";
  const runner = db.createQueryRunner("master");
  try {
    const [row] = (await runner.query(`SELECT GET_LOCK(${name}, 600) AS got`)) as { got: unknown }[];
    if (Number(row?.got) !== 1)
      throw new Error("Another load, rollback or rebuild held the release lock for 10 minutes");
    try {
      return await work();
    } finally {
      await runner.query(`SELECT RELEASE_LOCK(${name})`);
    }
  } finally {
    await runner.release();
  }
}

/** Entity tables named `<table><suffix>`: the model over a staged or kept release's tables. */
class SuffixedTables extends DefaultNamingStrategy {
  constructor(private readonly suffix: string) {
    super();
  }

  override tableName(targetName: string, userSpecifiedName: string | undefined): string {
    return super.tableName(targetName, userSpecifiedName) + this.suffix;
  }
}

/**
 * A second connection to the same database whose entities read the `<table><suffix>` tables (a
 * staged `__next` or kept `__prev` release), so the services' own statements can read that release
 * while it is built: what its read models hold is what those statements answer. Close it after use.
 */
export async function openTablesView(db: DataSource, suffix: string): Promise<DataSource> {
  const options = db.options as DataSourceOptions & { replication?: { master: object } };
  const view = new DataSource({
    ...options,
    ...(options.type === "mysql" && options.replication
      ? { replication: undefined, ...options.replication.master, poolSize: 4 }
      : {}),
    migrations: [],
    logger: undefined,
    namingStrategy: new SuffixedTables(suffix),
  } as DataSourceOptions);
  return view.initialize();
}
