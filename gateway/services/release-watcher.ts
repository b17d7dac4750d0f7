import type { DataSource } from "typeorm";
import { sqlStatementsIssued } from "../db/query-counter";
import { envInt } from "../env";
import { type LiveRelease, readLiveRelease } from "./release-key";

/** How often the release key is read (RELEASE_POLL_MS, default 500): a switch is seen within it. */
export const releasePollMs = () => envInt("RELEASE_POLL_MS", 500);

/** Extra executions of a read that saw a release switch happen under it, before its answer is kept. */
const MAX_REREADS = 2;

/**
 * The one reader of the live release in a gateway: it polls the release's key (version and load time,
 * with the version and sample flag read in the same lookup) and tells its subscribers (answer caches and
 * ETags, the search index, the enrichment term sizes, the cost model's sizes, the gateway's version
 * for CSV names, the OpenAPI text and pages) when it changes, so all of them follow a switch
 * (`db:seed`, `db:rollback`, from any machine) within RELEASE_POLL_MS. Nothing else queries the release
 * to follow it.
 */
export class ReleaseWatcher {
  private current: LiveRelease | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<string> | null = null;
  private readonly listeners = new Set<(key: string) => void>();

  constructor(
    private readonly db: DataSource,
    private readonly pollMs = releasePollMs(),
  ) {}

  /** The last key read (null before the first read): no SQL. */
  get key(): string | null {
    return this.current?.key ?? null;
  }

  /** The last release read (its key, version and sample flag; null before the first read): no SQL. */
  get release(): LiveRelease | null {
    return this.current;
  }

  /** The key, read from the database only when none was read yet. */
  async get(): Promise<string> {
    return this.current?.key ?? this.check();
  }

  /** Called with the new key after every change (not for the first read). Returns an unsubscribe. */
  subscribe(listener: (key: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.check().catch(() => undefined), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Read the key now (one primary-key lookup; concurrent callers share it) and notify on a change. */
  check(): Promise<string> {
    this.reading ??= readLiveRelease(this.db)
      .then((release) => {
        this.observe(release);
        return release.key;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private observe(release: LiveRelease): void {
    const previous = this.current;
    this.current = release;
    if (previous === null || previous.key === release.key) return;
    for (const listener of this.listeners) listener(release.key);
  }

  /**
   * Run a read (several SQL statements) so that its answer comes from one release. A switch renames
   * every table at once, but it may fall between two statements of the read: the key is read after
   * it, and when it differs from the key known before it, the read runs again. Returns the answer and
   * the release it belongs to. The key known before may lag the database by up to RELEASE_POLL_MS;
   * that only costs a needless re-read right after a switch, never a mixed answer. (Two switches that
   * end on the same key during one read, a load and its rollback within milliseconds, are not seen.)
   */
  async withinOneRelease<T>(read: () => Promise<T>): Promise<{ value: T; release: string | null }> {
    let before = this.key;
    for (let attempt = 0; ; attempt++) {
      const statements = sqlStatementsIssued();
      const value = await read();
      // No statement at all meanwhile: the answer came from memory (the search index), of one release.
      if (sqlStatementsIssued() === statements) return { value, release: before };
      // An unreachable database fails the read itself; its answer (an error) is passed on unchanged.
      const after = await this.freshKey().catch(() => null);
      if (after === null || after === before || attempt >= MAX_REREADS) return { value, release: after };
      before = after;
    }
  }

  /** A key read after the caller's statements (not one already in flight, which may predate them). */
  private async freshKey(): Promise<string> {
    if (this.reading) await this.reading.catch(() => undefined);
    return this.check();
  }
}
