import { setImmediate } from "node:timers/promises";
import { envInt } from "../db/data-source";
import type { ReleaseSizes, SizedTable } from "./release-size.service";
import type { ReleaseWatcher } from "./release-watcher";

/** What is held and the release it was read from. */
interface Held<T> {
  release: string;
  value: T;
}

/**
 * Something derived from the live release and held in memory (the cost model's sizes, the entity
 * tables): read at start (`warm`) and again whenever the release watcher reports a switch. The release
 * is read-only between switches, so what is held serves every request without SQL. A holder that may
 * decline a release (the lists past withinHoldBudget) holds `X | null`: null is "served from SQL".
 */
export abstract class HeldPerRelease<T> {
  private held: Held<T> | null = null;
  private reading: Promise<Held<T>> | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    protected readonly releases: ReleaseWatcher,
    /**
     * What a read waits for first: the large held lists wait for the search index of the same switch,
     * so a search (and autocomplete) follows a new release as fast as before they were held; until
     * they are read, their lookups go to SQL.
     */
    private readonly after?: () => Promise<unknown>,
  ) {}

  /** Read it now and again after every release switch. */
  async warm(): Promise<void> {
    this.unsubscribe ??= this.releases.subscribe(() => void this.refresh().catch(() => undefined));
    await this.refresh();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** What is held, read from the database when nothing is yet. */
  async get(): Promise<T> {
    return this.held ? this.held.value : this.refresh();
  }

  /** What is held of the release `key`, read now when what is held is of another. */
  async ofRelease(key: string): Promise<T> {
    return this.held?.release === key ? this.held.value : this.refresh();
  }

  /**
   * What is held when it is of the release the watcher last read, else null (right after a switch,
   * before the first read): the caller then reads SQL, so an answer never mixes two releases
   * (ReleaseWatcher.withinOneRelease re-reads a read that a switch fell under, and the second read
   * finds the new key here).
   */
  protected live(): T | null {
    const held = this.held;
    return held && held.release === this.releases.key ? held.value : null;
  }

  private async refresh(): Promise<T> {
    const key = await this.releases.get();
    if (this.held?.release === key) return this.held.value;
    this.reading ??= this.readOneRelease(key).finally(() => {
      this.reading = null;
    });
    this.held = await this.reading;
    return this.held.value;
  }

  /** Read it again when a switch fell between reading the key and the reads (they may straddle it). */
  private async readOneRelease(release: string): Promise<Held<T>> {
    await this.after?.().catch(() => undefined);
    for (let key = release; ; ) {
      const value = await this.read(key);
      const after = await this.releases.check();
      if (after === key) return { release: key, value };
      key = after;
    }
  }

  /** Read it from the database for the release `key`. */
  protected abstract read(key: string): Promise<T>;
}

/**
 * The held values of `keys` (a key without one is left out); with `everyKey`, null unless every key has
 * one, so that the caller reads them all from SQL instead.
 */
export function pickHeld<K, V>(
  all: ReadonlyMap<K, V>,
  keys: readonly K[],
  everyKey = false,
): Map<K, V> | null {
  const found = new Map<K, V>();
  for (const key of keys) {
    const value = all.get(key);
    if (value !== undefined) found.set(key, value);
    else if (everyKey) return null;
  }
  return found;
}

/**
 * A per-key read run over many keys a batch at a time, one batch after the other: each statement
 * stays as small as a request's (bounded IN list, well inside the serving statement timeout) and the
 * database is never asked for a whole table in one sort.
 */
export async function inBatches<K, V>(
  keys: readonly K[],
  read: (batch: K[]) => Promise<Map<K, V>>,
  size = 250,
): Promise<Map<K, V>> {
  const all = new Map<K, V>();
  for (let start = 0; start < keys.length; start += size) {
    for (const [key, value] of await read(keys.slice(start, start + size))) all.set(key, value);
    // SQLite answers synchronously, so without this the whole read would run in one go of microtasks
    // and no request would be served until it ended (seconds after a release switch).
    await setImmediate();
  }
  return all;
}

/**
 * Whether lists drawn from these tables may be held in memory: their rows together stay within
 * HOLD_RELEASE_MAX_ROWS (default 1,000,000; the bundled release has about 320,000 in the gene lists,
 * some 35 MB held). Memory grows with the release, so a release past the budget is served from SQL,
 * as every release was before, rather than held.
 */
export function withinHoldBudget(sizes: ReleaseSizes, tables: readonly SizedTable[]): boolean {
  const rows = tables.reduce((sum, table) => sum + sizes.tables[table], 0);
  return rows <= envInt("HOLD_RELEASE_MAX_ROWS", 1_000_000);
}
