import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DataSource } from "typeorm";
import { sqlStatementsIssued } from "../db/query-counter";
import { mysqlPools, replicaRouterOf } from "../db/replicas";
import type { ResponseCache } from "./caching";

/** What the metrics read when scraped; each may be missing while the gateway starts. */
export interface MetricSources {
  dataSource(): DataSource | null;
  answerCache: ResponseCache;
  /** Visits waiting to be written, and visits dropped because the buffer was full. */
  visits(): { buffered: number; dropped: number };
  /** The release key served (see /readyz), or null before the first read. */
  release(): string | null;
}

/** Route pattern for the labels: the matched route (`/api/gene/:symbol`), never the raw URL. */
const routeOf = (pattern: string | undefined) => pattern ?? "unmatched";

/**
 * Prometheus metrics at `GET /metrics` (prom-client text format), on the gateway's own port: requests
 * by route and status, latency, the answer cache, SQL statements, MySQL pools, buffered visits, the
 * release served, replicas, and Node's defaults (event-loop lag included). One registry per gateway, so
 * several gateways in one process (the tests) keep their own counts. Never cached, not rate limited and
 * not counted as an API call (the counters only count /api/ and /graphql).
 */
export function registerMetrics(
  app: FastifyInstance,
  sources: MetricSources,
): { register: Registry; countReplayed: (route: string, seconds: number) => void } {
  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Counter({
    name: "portal_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status"] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: "portal_http_request_duration_seconds",
    help: "Time from request to the end of the answer, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [register],
  });
  // onResponse runs once the answer is written (downloads included), as a callback: no promise per request.
  app.addHook("onResponse", (request, reply, done) => {
    const route = routeOf(request.routeOptions.url);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  new Counter({
    name: "portal_answer_cache_lookups_total",
    help: "Lookups in the answer cache of REST and GraphQL answers, by result (hit or miss)",
    labelNames: ["result"] as const,
    registers: [register],
    collect() {
      this.reset();
      this.inc({ result: "hit" }, sources.answerCache.hits);
      this.inc({ result: "miss" }, sources.answerCache.misses);
    },
  });
  new Counter({
    name: "portal_sql_statements_total",
    help: "SQL statements sent to the database by this process",
    registers: [register],
    collect() {
      this.reset();
      this.inc(sqlStatementsIssued());
    },
  });
  new Gauge({
    name: "portal_db_pool_connections",
    help: "MySQL pool connections, by pool (primary or replica host:port) and state (open, idle)",
    labelNames: ["pool", "state"] as const,
    registers: [register],
    collect() {
      this.reset();
      const db = sources.dataSource();
      for (const { name, pool } of db ? mysqlPools(db) : []) {
        this.set({ pool: name, state: "open" }, pool._allConnections?.length ?? 0);
        this.set({ pool: name, state: "idle" }, pool._freeConnections?.length ?? 0);
      }
    },
  });
  new Gauge({
    name: "portal_db_pool_waiting",
    help: "Requests waiting for a MySQL pool connection, by pool",
    labelNames: ["pool"] as const,
    registers: [register],
    collect() {
      this.reset();
      const db = sources.dataSource();
      for (const { name, pool } of db ? mysqlPools(db) : [])
        this.set({ pool: name }, pool._connectionQueue?.length ?? 0);
    },
  });
  new Gauge({
    name: "portal_visits_buffered",
    help: "Visits received but not yet written to the database",
    registers: [register],
    collect() {
      this.set(sources.visits().buffered);
    },
  });
  new Counter({
    name: "portal_visits_dropped_total",
    help: "Visits dropped because the visit buffer was full (VISIT_BUFFER_LIMIT)",
    registers: [register],
    collect() {
      this.reset();
      this.inc(sources.visits().dropped);
    },
  });
  new Gauge({
    name: "portal_release_info",
    help: "The dataset release served (1 for the release key in the label)",
    labelNames: ["release"] as const,
    registers: [register],
    collect() {
      this.reset();
      const release = sources.release();
      if (release) this.set({ release }, 1);
    },
  });
  new Gauge({
    name: "portal_replica_in_use",
    help: "Read replicas: 1 while reads go to the replica, 0 while it is lagging or down (label state)",
    labelNames: ["replica", "state"] as const,
    registers: [register],
    collect() {
      this.reset();
      const db = sources.dataSource();
      for (const status of (db && replicaRouterOf(db)?.statuses) || [])
        this.set({ replica: status.name, state: status.state }, status.state === "in-use" ? 1 : 0);
    },
  });
  new Gauge({
    name: "portal_replica_lag_seconds",
    help: "Seconds_Behind_Master of each replica at the last check (absent when not replicating)",
    labelNames: ["replica"] as const,
    registers: [register],
    collect() {
      this.reset();
      const db = sources.dataSource();
      for (const status of (db && replicaRouterOf(db)?.statuses) || [])
        if (status.lagSeconds !== null) this.set({ replica: status.name }, status.lagSeconds);
    },
  });

  app.get("/metrics", async (_request, reply) => {
    const text = await register.metrics();
    return reply.header("cache-control", "no-store").type(register.contentType).send(text);
  });
  const replays = new Counter({
    name: "portal_answer_replays_total",
    help: "Answer cache hits written again byte for byte before the framework (answer-replay.ts)",
    registers: [register],
  });
  // Answers written by answer-replay.ts, which no hook sees: counted as the hooks count an answer.
  const countReplayed = (route: string, seconds: number) => {
    requests.inc({ method: "GET", route, status: "200" });
    latency.observe({ method: "GET", route }, seconds);
    replays.inc();
  };
  return { register, countReplayed };
}
