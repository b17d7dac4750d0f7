import type { DataSource } from "typeorm";
import { buildDerivedData, DERIVED_DATA_TABLES } from "../gateway/services/read-models/build";
import type { ReadModelProgress } from "../gateway/services/read-models/build-context";
import { DERIVED_DATA_VERSION } from "../gateway/services/read-models/version";
import {
  createTablesLike,
  dropTables,
  openTablesView,
  PREV,
  REBUILD,
  replaceTables,
  withReleaseLock,
} from "./release-switch";

/**
 * A release's derived data (read models, release documents, the search index snapshot: see
 * gateway/services/read-models/version.ts) is built by the code of the day, never by a migration. A
 * release whose derived data is missing or of an older DERIVED_DATA_VERSION is built again here: into
 * `<table>__rebuild` copies beside it, from its own tables, then put in place in one atomic step, while
 * the derived data in place keeps serving. Called at `db:seed`, at `db:rollback` (for the kept release,
 * before it goes live) and by the gateway at start and when its release watcher sees a switch.
 *
 * A newer version is left alone: newer code built it, and a gateway of older code running beside it (a
 * rolling deploy) must not undo that, nor the two build in turn.
 */

/** The live release, or the previous one kept for `db:rollback`. */
export type ReleaseSlot = "live" | "kept";

const suffixOf = (slot: ReleaseSlot) => (slot === "live" ? "" : PREV);

export interface DerivedDataState {
  /** Whether the slot holds a release at all (the kept one may not). */
  release: boolean;
  /** The version that built its derived data; null when none is recorded. */
  version: number | null;
  /** Whether it has derived data to serve meanwhile, of any version (a release document). */
  present: boolean;
}

/** Whether derived data of this version needs no build. */
export const isCurrent = (version: number | null) => version !== null && version >= DERIVED_DATA_VERSION;

async function countRows(db: DataSource, table: string): Promise<number | null> {
  const runner = db.createQueryRunner();
  try {
    if (!(await runner.hasTable(table))) return null;
  } finally {
    await runner.release();
  }
  const rows = (await db.query(`SELECT COUNT(*) AS n FROM ${db.driver.escape(table)}`)) as { n: unknown }[];
  return Number(rows[0]?.n ?? 0);
}

/** What the live or kept release holds of derived data, and which version built it. */
export async function derivedDataOf(db: DataSource, slot: ReleaseSlot): Promise<DerivedDataState> {
  const suffix = suffixOf(slot);
  const release = ((await countRows(db, `dataset_release${suffix}`)) ?? 0) > 0;
  let version: number | null = null;
  if (((await countRows(db, `derived_data${suffix}`)) ?? 0) > 0) {
    const [row] = (await db.query(
      `SELECT version FROM ${db.driver.escape(`derived_data${suffix}`)} WHERE id = 1`,
    )) as { version: unknown }[];
    version = row ? Number(row.version) : null;
  }
  const present = ((await countRows(db, `release_document${suffix}`)) ?? 0) > 0;
  return { release, version, present };
}

const QUIET: ReadModelProgress = { table() {}, advance() {} };

/**
 * Build the derived data of the live or kept release again when it is missing or older than this
 * code's, and put it in place at once; returns whether it did. Another process may be doing the same,
 * or switching releases: on MySQL the release lock makes this one wait and then find it current; on
 * SQLite the switch checks, in its own transaction, that the release read is still the one there and
 * still wants it, else drops what it built.
 */
export async function rebuildDerivedData(
  db: DataSource,
  slot: ReleaseSlot,
  progress: ReadModelProgress = QUIET,
): Promise<boolean> {
  // A connection of its own: no serving statement timeout, and on SQLite no transaction of the gateway's.
  const view = await openTablesView(db, suffixOf(slot));
  yieldBeforeEachStatement(view);
  try {
    return await withReleaseLock(view, () => rebuildLocked(view, slot, progress));
  } finally {
    await view.destroy();
  }
}

/**
 * better-sqlite3 runs each statement synchronously and its promise is already settled, so a build of
 * hundreds of statements would run to its end without the event loop taking a request: in a gateway,
 * answers waited for the whole rebuild. On SQLite the view's one query runner first lets the event loop
 * turn before each statement, so requests are answered between them (the longest single statement, a
 * list's INSERT ... SELECT, still holds it). Not inside its transactions (the claim, the switch: a few
 * short statements): a turn there let the gateway's own writes (the stats flush, every second) meet
 * the lock the view held, and better-sqlite3 waits for a lock on the event loop's thread, so the view
 * could not go on to release it: the gateway stood still for the busy timeout (5 s) per write, and a
 * write committed between the transaction's first read and its first write failed the build
 * (SQLITE_BUSY_SNAPSHOT), tried again 30 s later.
 */
function yieldBeforeEachStatement(view: DataSource): void {
  if (view.options.type === "mysql") return;
  const runner = view.createQueryRunner(); // SQLite drivers have one, shared by every statement
  const query = runner.query.bind(runner);
  runner.query = (async (...args: Parameters<typeof query>) => {
    if (!runner.isTransactionActive) await new Promise((resolve) => setImmediate(resolve));
    return query(...args);
  }) as typeof runner.query;
}

/** The load time of the release in the slot: a load or rollback changes it. */
async function loadedAtOf(view: DataSource, suffix: string): Promise<string | null> {
  const [row] = (await view.query(
    `SELECT loaded_at FROM ${view.driver.escape(`dataset_release${suffix}`)} WHERE id = 1`,
  )) as { loaded_at: string }[];
  return row?.loaded_at ?? null;
}

/** How long a claim on the `__rebuild` tables holds: an older one was left by a build that died. */
const CLAIM_MS = 10 * 60_000;

/**
 * The claim on the `__rebuild` tables, a row of their derived_data (id 0, deleted before the switch):
 * `version` a random number naming the build, `built_at` when it began. MySQL's release lock already
 * keeps a second build out; on SQLite it is the claim, taken in one transaction with the tables' creation.
 */
class RebuildClaim {
  private readonly token = Math.floor(Math.random() * 2 ** 31);
  private readonly table: string;

  constructor(private readonly view: DataSource) {
    this.table = view.driver.escape(`derived_data${REBUILD}`);
  }

  private async holder(): Promise<{ version: number; builtAt: string } | null> {
    if (((await countRows(this.view, `derived_data${REBUILD}`)) ?? 0) === 0) return null;
    const [row] = (await this.view.query(`SELECT version, built_at FROM ${this.table} WHERE id = 0`)) as {
      version: unknown;
      built_at: string;
    }[];
    return row ? { version: Number(row.version), builtAt: row.built_at } : null;
  }

  /** Create the empty `__rebuild` tables and claim them, unless another build holds them. */
  async take(tables: string[]): Promise<boolean> {
    const take = async () => {
      const holder = await this.holder();
      if (holder && Date.now() - Date.parse(holder.builtAt) < CLAIM_MS) return false;
      await createTablesLike(this.view, tables, REBUILD);
      await this.view.query(`INSERT INTO ${this.table} (id, version, built_at) VALUES (0, ?, ?)`, [
        this.token,
        new Date().toISOString(),
      ]);
      return true;
    };
    return this.view.options.type === "mysql" ? take() : this.view.transaction(take);
  }

  /** Whether the `__rebuild` tables are still this build's. */
  async held(): Promise<boolean> {
    return (await this.holder())?.version === this.token;
  }

  /** Remove the claim row, inside the switch's transaction. */
  async release(): Promise<void> {
    await this.view.query(`DELETE FROM ${this.table} WHERE id = 0`);
  }
}

/**
 * rebuildDerivedData for a caller that holds the release lock already (a rollback); `view` is a data
 * source whose entities are the slot's tables (openTablesView).
 */
export async function rebuildLocked(
  view: DataSource,
  slot: ReleaseSlot,
  progress: ReadModelProgress = QUIET,
): Promise<boolean> {
  const suffix = suffixOf(slot);
  const state = await derivedDataOf(view, slot);
  if (!state.release || isCurrent(state.version)) return false;
  const loadedAt = await loadedAtOf(view, suffix);
  const tables = [...DERIVED_DATA_TABLES];
  const claim = new RebuildClaim(view);
  if (!(await claim.take(tables))) return false; // another process is building it
  const t = (table: string) =>
    view.driver.escape(table + ((tables as string[]).includes(table) ? REBUILD : suffix));
  const dropOurs = async () => {
    if (await claim.held())
      await dropTables(
        view,
        tables.map((table) => table + REBUILD),
      );
  };
  try {
    // MySQL: one connection (its session's temporary table sizes). SQLite: a statement at a time, each
    // its own short write, so the gateway's own writes (visits, counters) never wait long for the lock:
    // better-sqlite3 waits for it on the event loop's thread.
    if (view.options.type === "mysql")
      await view.transaction((manager) => buildDerivedData(manager, t, view, progress));
    else await buildDerivedData(view.manager, t, view, progress);
    // Still the release it was built from, still older, and still this build's tables: then switched.
    const replaced = await replaceTables(view, tables, REBUILD, suffix, async () => {
      const wanted =
        (await claim.held()) &&
        (await loadedAtOf(view, suffix)) === loadedAt &&
        !isCurrent((await derivedDataOf(view, slot)).version);
      if (wanted) await claim.release();
      return wanted;
    });
    if (!replaced) await dropOurs();
    return replaced;
  } catch (error) {
    await dropOurs().catch(() => undefined);
    throw error;
  }
}

/** What the keeper reads of the gateway's release watcher (gateway/services/release-watcher.ts). */
interface WatchedRelease {
  readonly release: { key: string; version: string | null; derivedVersion: number | null } | null;
  subscribe(listener: () => void): () => void;
  check(): Promise<string>;
}

/** How long after a failed rebuild (the database busy, gone) the keeper tries again. */
const RETRY_MS = 30_000;

/**
 * A running gateway's side of it: whenever its release watcher sees a live release whose derived data is
 * older than this code's (at start, after a rollback by older code, a marker written back), it builds it
 * again in the background, one build at a time, while the gateway serves the derived data in place; the
 * switch changes the release key, which the watcher reports to the caches and the search index as for
 * any switch. A failed build is logged and tried again after RETRY_MS.
 */
export class DerivedDataKeeper {
  private building: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(
    private readonly db: DataSource,
    private readonly releases: WatchedRelease,
    private readonly log: { info(message: string): void; warn(message: string): void },
  ) {}

  /** Follow the watcher, and look at the release it holds now. */
  start(): void {
    this.unsubscribe ??= this.releases.subscribe(() => this.consider());
    this.consider();
  }

  /** Stop following, and wait for a build under way to end (its switch is not cut in half). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.retry) clearTimeout(this.retry);
    await this.building;
  }

  private consider(): void {
    const release = this.releases.release;
    if (this.stopped || this.building || !release?.version || isCurrent(release.derivedVersion)) return;
    this.building = this.rebuild(release).finally(() => {
      this.building = null;
      if (this.stopped) return;
      // The switch is followed now rather than at the next poll; a change the watcher reported while
      // this build ran (another switch) is looked at again.
      void this.releases.check().then(
        () => {
          if (this.releases.release?.key !== release.key) this.consider();
        },
        () => undefined,
      );
    });
  }

  private async rebuild(release: { version: string | null; derivedVersion: number | null }) {
    const started = performance.now();
    try {
      if (await rebuildDerivedData(this.db, "live"))
        this.log.info(
          `Derived data of release ${release.version} built again by version ${DERIVED_DATA_VERSION} (was ${
            release.derivedVersion ?? "none"
          }) and switched in after ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
    } catch (error) {
      this.log.warn(
        `Building the derived data again failed (tried again in ${RETRY_MS / 1000} s): ${(error as Error).message}`,
      );
      this.retry = setTimeout(() => this.consider(), RETRY_MS);
      this.retry.unref();
    }
  }
}
