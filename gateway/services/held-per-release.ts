import type { ReleaseWatcher } from "./release-watcher";

/** What is held and the release it was read from. */
interface Held<T> {
  release: string;
  value: T;
}

/**
 * Something derived from the live release and held in memory (the cost model's sizes): read at start
 * (`warm`) and again whenever the release watcher reports a switch. The release is read-only between
 * switches, so what is held serves every request without SQL.
 */
export abstract class HeldPerRelease<T> {
  private held: Held<T> | null = null;
  private reading: Promise<Held<T>> | null = null;
  private unsubscribe: (() => void) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private warming: Promise<void> | null = null;

  constructor(protected readonly releases: ReleaseWatcher) {}

  /** Read it now and again after every release switch. */
  async warm(): Promise<void> {
    this.unsubscribe ??= this.releases.subscribe(() => this.refreshAfterSwitch(0));
    await this.refresh();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  /**
   * Read the new release after a switch. A failed read (a statement stopped under load, the database
   * away) is tried again, 1 s later and then twice as late each time up to a minute: until it succeeds,
   * live() is null and requests read SQL, which is right but slower.
   */
  private refreshAfterSwitch(attempt: number): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.refresh().catch(() => {
      if (!this.unsubscribe) return;
      this.retry = setTimeout(
        () => this.refreshAfterSwitch(attempt + 1),
        Math.min(60_000, 1000 * 2 ** attempt),
      );
      this.retry.unref();
    });
  }

  /**
   * What is held for the live release: read (and from then on held, and read again after each switch)
   * on the first call; right after a switch, before it is read again, read for this request alone.
   */
  protected async liveOrRead(): Promise<T> {
    this.warming ??= this.warm().catch((error) => {
      this.warming = null;
      throw error;
    });
    await this.warming;
    return (
      this.live() ?? (await this.releases.withinOneRelease(() => this.read(this.releases.key ?? ""))).value
    );
  }

  /** What is held, read from the database when nothing is yet. */
  async get(): Promise<T> {
    return this.held ? this.held.value : this.refresh();
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
 * Values read per key (a region, a chapter) from the live release, each when first asked for, then held
 * until a release switch; nothing is read at start. A failed read is read again by the next request.
 */
export abstract class HeldPerKey<K, V> extends HeldPerRelease<Map<K, Promise<V>>> {
  /** The value of `key` in the live release. */
  protected async ofKey(key: K): Promise<V> {
    const held = await this.liveOrRead();
    let value = held.get(key);
    if (!value) {
      value = this.readKey(key);
      held.set(key, value);
      value.catch(() => held.delete(key));
    }
    return value;
  }

  /** Read the value of `key` from the database. */
  protected abstract readKey(key: K): Promise<V>;

  protected async read(): Promise<Map<K, Promise<V>>> {
    return new Map();
  }
}
