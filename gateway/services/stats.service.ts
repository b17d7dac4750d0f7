import type { DataSource, EntityManager } from "typeorm";
import { ApiCallCounter, Visit } from "../../schema";
import type { ApiUsage } from "../../schema/stats-views.type";
import { envInt } from "../env";

/** The dashboard's own polling endpoint: counted, but not listed among the endpoints. */
export const COUNTER_ENDPOINT = "GET /api/stats/counter";

/** Most visits held in memory while the database cannot take them (VISIT_BUFFER_LIMIT, default 10000). */
export const visitBufferLimit = () => envInt("VISIT_BUFFER_LIMIT", 10_000);

/**
 * The shape of a visit id: a UUID as crypto.randomUUID() writes it (any case; stored in lower case).
 * Checked by the resolver and documented by the REST route.
 */
export const VISIT_ID_PATTERN =
  /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/** The 400 message of a visit id of another shape (GraphQL and REST). */
export const VISIT_ID_MESSAGE = "visitId must be a UUID: 8-4-4-4-12 hexadecimal digits";

/** Drops are logged at most this often (with the running count), not once per visit. */
const DROP_WARNING_INTERVAL_MS = 10_000;

interface PendingVisit {
  visitorId: string;
  path: string;
  visitedAt: string;
  /** The client's id of the page view (unique in the table), or null when it sent none. */
  visitId: string | null;
}

interface PendingCalls {
  count: number;
  /** Epoch milliseconds: counting runs on every request, formatting waits for the flush. */
  lastCalledMs: number;
}

/**
 * Visits and API-call counters. Counters are buffered and written as atomic increments; whatever
 * cannot be written (database briefly down) stays buffered and is retried, so no count is lost.
 * Memory is bounded: counters hold one entry per route pattern (a fixed set), visits at most
 * VISIT_BUFFER_LIMIT; a visit beyond that is dropped, counted (droppedVisits, for metrics) and logged.
 * A visit with an id (visit_id, unique) is stored once however often it is sent: a resend whose id is
 * already stored, by this gateway or another, is ignored, as is a second copy within one buffered batch.
 */
export class StatsService {
  private pendingCalls = new Map<string, PendingCalls>();
  private pendingVisits: PendingVisit[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private dropped = 0;
  private lastDropWarningMs = Number.NEGATIVE_INFINITY;
  private reportedDrops = 0;

  constructor(
    private readonly db: DataSource,
    private readonly flushIntervalMs = 1000,
    private readonly warn: (message: string) => void = (message) => console.warn(message),
    private readonly visitLimit = visitBufferLimit(),
  ) {}

  /** Visits dropped since start because the buffer was full (the database unreachable for long). */
  get droppedVisits(): number {
    return this.dropped;
  }

  /** Visits accepted but not yet written. */
  get bufferedVisits(): number {
    return this.pendingVisits.length;
  }

  start(): void {
    if (!this.timer) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), this.flushIntervalMs);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch((error: Error) => console.error(`stats: final flush failed: ${error.message}`));
  }

  /** Reads of what this service writes go to the primary: a replica may not have the last flush yet. */
  private async onPrimary<T>(read: (manager: EntityManager) => Promise<T>): Promise<T> {
    const runner = this.db.createQueryRunner("master");
    try {
      return await read(runner.manager);
    } finally {
      await runner.release();
    }
  }

  countCall(endpoint: string): void {
    const now = Date.now();
    const entry = this.pendingCalls.get(endpoint);
    if (entry) {
      entry.count += 1;
      entry.lastCalledMs = now;
    } else this.pendingCalls.set(endpoint, { count: 1, lastCalledMs: now });
  }

  /** `visitId`, when given, must match VISIT_ID_PATTERN (checked by the caller). */
  async recordVisit(visitorId: string, path: string, visitId: string | null = null): Promise<void> {
    this.buffer([
      { visitorId, path, visitedAt: new Date().toISOString(), visitId: visitId?.toLowerCase() ?? null },
    ]);
    await this.flush().catch(() => undefined); // kept in the queue and retried by the timer
  }

  /** Queue visits (oldest first) up to the limit; the rest are dropped, counted and logged. */
  private buffer(visits: PendingVisit[], inFront = false): void {
    const room = Math.max(0, this.visitLimit - this.pendingVisits.length);
    const kept = visits.length > room ? visits.slice(0, room) : visits;
    if (inFront) this.pendingVisits = kept.concat(this.pendingVisits);
    else this.pendingVisits.push(...kept);
    const lost = visits.length - kept.length;
    if (lost === 0) return;
    this.dropped += lost;
    const now = Date.now();
    if (now - this.lastDropWarningMs >= DROP_WARNING_INTERVAL_MS) {
      this.lastDropWarningMs = now;
      this.warn(
        `stats: visit buffer full (VISIT_BUFFER_LIMIT=${this.visitLimit}) while the database cannot take visits: ${this.dropped} visits dropped so far`,
      );
    }
  }

  /** Write buffered visits and counters; one flush at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => this.flushOnce());
    return this.flushOnce();
  }

  private flushOnce(): Promise<void> {
    const run = async () => {
      if (this.pendingVisits.length > 0) {
        const visits = this.pendingVisits;
        this.pendingVisits = [];
        try {
          // One statement (all or nothing, so a retried batch is never half stored) that skips a row whose
          // visit id is already stored or earlier in the batch: INSERT IGNORE on MySQL, ON CONFLICT DO
          // NOTHING on SQLite. A row without an id (NULL) never conflicts and is always stored.
          await this.db
            .createQueryBuilder()
            .insert()
            .into(Visit)
            .values(visits)
            .orIgnore()
            .updateEntity(false)
            .execute();
          if (this.dropped > this.reportedDrops) {
            this.reportedDrops = this.dropped;
            this.warn(
              `stats: visits are written again; ${this.dropped} visits were dropped in all since start`,
            );
          }
        } catch (error) {
          // Back in front, in order; visits that arrived meanwhile may push the total over the limit.
          this.buffer(visits, true);
          throw error;
        }
      }
      const calls = [...this.pendingCalls];
      this.pendingCalls = new Map();
      for (let i = 0; i < calls.length; i++) {
        const [endpoint, pending] = calls[i]!;
        try {
          await this.increment(endpoint, pending);
        } catch (error) {
          for (const [e, p] of calls.slice(i)) this.requeue(e, p);
          throw error;
        }
      }
    };
    this.flushing = run().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private requeue(endpoint: string, pending: PendingCalls): void {
    const entry = this.pendingCalls.get(endpoint);
    if (entry) {
      entry.count += pending.count;
      if (pending.lastCalledMs > entry.lastCalledMs) entry.lastCalledMs = pending.lastCalledMs;
    } else this.pendingCalls.set(endpoint, { ...pending });
  }

  /** Atomic `count = count + n`; insert when missing, and on a race with another gateway, increment again. */
  private async increment(endpoint: string, pending: PendingCalls): Promise<void> {
    const lastCalled = new Date(pending.lastCalledMs).toISOString();
    const update = () =>
      this.db
        .createQueryBuilder()
        .update(ApiCallCounter)
        .set({ count: () => `count + ${Math.trunc(pending.count)}`, lastCalled })
        .where("endpoint = :endpoint", { endpoint })
        .execute();
    const updated = await update();
    if ((updated.affected ?? 0) > 0) return;
    try {
      await this.db
        .createQueryBuilder()
        .insert()
        .into(ApiCallCounter)
        .values({ endpoint, count: String(pending.count), lastCalled })
        .updateEntity(false)
        .execute();
    } catch {
      const again = await update();
      if ((again.affected ?? 0) === 0) throw new Error(`could not count calls of ${endpoint}`);
    }
  }

  async visitStats(): Promise<{ uniqueVisitors: number; totalVisits: number }> {
    await this.flush().catch(() => undefined);
    const row = await this.onPrimary((manager) =>
      manager
        .getRepository(Visit)
        .createQueryBuilder("v")
        .select("COUNT(DISTINCT v.visitor_id)", "unique_visitors")
        .addSelect("COUNT(*)", "total")
        .getRawOne<{ unique_visitors: string | number; total: string | number }>(),
    );
    return { uniqueVisitors: Number(row?.unique_visitors ?? 0), totalVisits: Number(row?.total ?? 0) };
  }

  async callCounts(): Promise<{ endpoint: string; count: number; lastCalled: string | null }[]> {
    await this.flush().catch(() => undefined);
    const rows = await this.onPrimary((manager) =>
      manager.getRepository(ApiCallCounter).find({ order: { endpoint: "ASC" } }),
    );
    return rows.map((r) => ({ endpoint: r.endpoint, count: Number(r.count), lastCalled: r.lastCalled }));
  }

  /**
   * Calls per endpoint, most called first. The counter endpoint's own calls are in neither the list nor
   * the total: totalCalls is always the sum of the listed counts.
   */
  async apiUsage(): Promise<ApiUsage> {
    const rows = await this.callCounts();
    const endpoints = rows
      .filter((r) => r.endpoint !== COUNTER_ENDPOINT)
      .sort((a, b) => b.count - a.count || a.endpoint.localeCompare(b.endpoint));
    const totalCalls = endpoints.reduce((sum, r) => sum + r.count, 0);
    return { endpoints, totalCalls };
  }
}
