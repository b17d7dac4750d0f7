import "reflect-metadata";
import { existsSync } from "node:fs";
import path from "node:path";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled } from "@apollo/server/plugin/disabled";
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from "@as-integrations/fastify";
import fastifyStatic from "@fastify/static";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { GraphQLError } from "graphql";
import type { DataSource } from "typeorm";
import { bundledReleaseDir, readCsvRelease } from "../seeds/csv-release";
import { DerivedDataKeeper, derivedDataOf, isCurrent, rebuildDerivedData } from "../seeds/derived-data";
import { loadedRelease, loadRelease } from "../seeds/loader";
import { type DatabaseConfig, parseDatabaseUrl, parseReplicaUrls, projectRoot } from "./db/data-source";
import { DatabaseHealth } from "./db/health";
import { applyServingLimits, openDatabaseWhenReachable } from "./db/prepare";
import { countSql, type RequestSqlStats, SQL_STATS_HEADER } from "./db/query-counter";
import { replicaRouterOf } from "./db/replicas";
import { GENERIC_ERROR_MESSAGE } from "./errors";
import { fullCollection } from "./full-collection";
import { createContext, type PortalContext } from "./graphql/context";
import { costLimitPlugin, limitValidationRules } from "./graphql/limits";
import { portalSchema } from "./graphql/schema";
import { AccessLog, createPortalLog, logReplayed, type PortalLog, requestIds } from "./http/access-log";
import { AnswerReplay } from "./http/answer-replay";
import {
  createResponseCache,
  RESPONSE_CACHE_BYTES,
  registerCaching,
  uncacheableGraphqlAnswers,
} from "./http/caching";
import { CATALOG_SCREENS, catalogMarkup } from "./http/catalog-json-ld";
import { isGraphqlQuery, registerGraphqlAnswerCache } from "./http/graphql-cache";
import { registerLlmsTxt } from "./http/llms-txt";
import { registerMetrics } from "./http/metrics";
import { requestOrigin } from "./http/origin";
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseUnavailablePlugin,
  frameworkErrors,
  markDatabaseUnavailable,
  registerResilience,
} from "./http/resilience";
import { proxyTrustFromEnv, registerHttpSecurity, WRITE_RATE_LIMIT } from "./http/security";
import { registerSitemaps } from "./http/sitemap";
import {
  JSON_LD_MEDIA_TYPE,
  loadPageRenderer,
  PAGE_DATA_TIMEOUT_MS,
  type PageOperation,
  prefersJsonLd,
  RECORD_KIND_WORDS,
  type ScreenJsonLd,
  screenPath,
  uriTooLongPage,
  webPages,
} from "./http/web-pages";
import { registerMcp } from "./mcp/register";
import { sendError } from "./rest/envelope";
import { registerRestRoutes } from "./rest/register";
import { createProteinFallback, proteinFallbackConfigFromEnv } from "./search/protein-fallback";
import { createServices, type Services } from "./services";
import { codeVersion } from "./version";

export interface PortalOptions {
  databaseUrl?: string;
  /** Load the bundled release when the database has none (default true). */
  autoSeed?: boolean;
  logLevel?: string;
  webDist?: string;
  /** Read replicas of the database (default: DATABASE_REPLICA_URLS). */
  replicaUrls?: string[];
}

export interface Portal {
  app: FastifyInstance;
  dataSource: DataSource;
  services: Services;
  config: DatabaseConfig;
  /** The log's destination, asynchronous: end it (or flush it on a fatal error) before the process exits. */
  log: Pick<PortalLog, "end" | "flushSync">;
  /** Resolves once migrated and seeded (readyz turns 200). */
  ready: Promise<void>;
  /**
   * The first step of a graceful stop: /readyz answers 503 at once (a proxy stops sending new requests)
   * while the gateway keeps serving for `delayMs`; then call close().
   */
  drain(delayMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Errors whose message a client may see; anything else becomes 'An error occurred'. */
const USER_ERROR_CODES = new Set([
  "BAD_USER_INPUT",
  "NOT_FOUND",
  "GRAPHQL_VALIDATION_FAILED",
  "GRAPHQL_PARSE_FAILED",
  "BAD_REQUEST",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "PERSISTED_QUERY_NOT_FOUND",
  "OPERATION_RESOLUTION_FAILURE",
  "QUERY_TOO_EXPENSIVE",
  "RATE_LIMITED",
]);

declare module "fastify" {
  interface FastifyRequest {
    sqlStats?: RequestSqlStats;
    /** Set when the database was unreachable while serving the request (answered 503). */
    databaseUnavailable?: boolean;
  }
}

export async function buildPortal(options: PortalOptions = {}): Promise<Portal> {
  const config: DatabaseConfig = {
    ...parseDatabaseUrl(options.databaseUrl ?? process.env.DATABASE_URL),
    replicas: options.replicaUrls ?? parseReplicaUrls(process.env.DATABASE_REPLICA_URLS),
  };
  const proxies = proxyTrustFromEnv(process.env.TRUST_PROXY);
  // A quarter of the answer cache's budget: the repeats it serves are of answers that cache holds.
  const replay = new AnswerReplay(RESPONSE_CACHE_BYTES() / 4);
  const log = createPortalLog(options.logLevel ?? process.env.LOG_LEVEL ?? "info");
  // Behind the proxy (deploy/nginx.conf) request.ip, which the write rate limit keys on, is the client's
  // address from X-Forwarded-For, and the proxy's X-Request-Id is the log's reqId. Both headers are
  // believed only from the addresses listed in TRUST_PROXY; without it, the connection's peer is the client.
  const requestIdHeader = proxies ? "x-request-id" : false;
  const ids = requestIds(requestIdHeader);
  const app = Fastify({
    serverFactory: replay.serverFactory,
    loggerInstance: log.logger as FastifyBaseLogger, // Fastify's instance type stays the one every module uses
    logController: new AccessLog(),
    trustProxy: proxies ?? false,
    requestIdHeader,
    genReqId: ids.generate,
    bodyLimit: 64 * 1024,
    frameworkErrors,
  });
  let dataSource: DataSource | null = null;
  /** Builds the live release's derived data again when it is older than this code's (seeds/derived-data.ts). */
  let derivedData: DerivedDataKeeper | null = null;
  // Filled once the database is open; no request reaches a service before that (see the readiness hook).
  const services = {} as Services;
  const state = {
    ready: false,
    failure: null as string | null,
    datasetVersion: null as string | null,
    sampleDataset: false,
    /** SIGTERM received: /readyz says 503 while the last requests are served. */
    draining: false,
    /** The release key reads see (refreshed every second), reported by /readyz and /metrics. */
    servedRelease: null as string | null,
  };
  // While the database is unreachable: 503 + Retry-After, a probe, and buffered visits written on recovery.
  const health = new DatabaseHealth(
    () => dataSource,
    () => services.stats?.flush().catch(() => undefined),
    undefined,
    (message) => app.log.warn(message),
  );

  // Set before any plugin: encapsulated plugins (Apollo, static files) copy the handler when registered.
  app.setErrorHandler((error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
    if (error.validation || (error.statusCode && error.statusCode < 500)) {
      return sendError(
        reply,
        error.statusCode && error.statusCode < 500 ? error.statusCode : 400,
        error.message,
      );
    }
    if (health.report(error)) {
      markDatabaseUnavailable(request);
      return sendError(reply, 503, DATABASE_UNAVAILABLE_MESSAGE);
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, GENERIC_ERROR_MESSAGE);
  });
  // The release key (version and load time) as the release watcher last read it: caches and ETags follow
  // a switch within RELEASE_POLL_MS.
  const versions = () => ({ code: codeVersion, dataset: services.releases?.key ?? null });
  const responseCache = createResponseCache();
  // Before compression: its onSend must see the answer as the text Apollo wrote.
  registerGraphqlAnswerCache(app, versions, responseCache);
  await registerHttpSecurity(app);
  const webDist = options.webDist ?? path.join(projectRoot, "web", "dist");
  const hasWeb = existsSync(path.join(webDist, "index.html"));
  registerResilience(app, health, hasWeb ? uriTooLongPage(webDist) : null);

  // Hooks that run on every request are callbacks, not async functions (a promise and a microtask per
  // hook); with helmet's headers built once, a cached answer's CPU went 81 → 58 µs under load.
  // Responses being written; 'close' fires for finished and for abandoned ones alike.
  const inFlight = { count: 0, drained: [] as (() => void)[] };
  app.addHook("onRequest", (_request, reply, done) => {
    inFlight.count += 1;
    reply.raw.once("close", () => {
      inFlight.count -= 1;
      if (inFlight.count === 0) for (const resolve of inFlight.drained.splice(0)) resolve();
    });
    done();
  });
  const responsesDone = () =>
    inFlight.count === 0 ? Promise.resolve() : new Promise<void>((resolve) => inFlight.drained.push(resolve));

  // Count SQL statements for requests that ask (x-sql-stats: 1): the count follows the request through
  // hooks and handlers, and ends when its response closes (finished or abandoned).
  app.addHook("onRequest", (request, reply, done) => {
    if (request.headers[SQL_STATS_HEADER] !== "1") return done();
    const stats: RequestSqlStats = { queries: 0 };
    request.sqlStats = stats;
    reply.raw.once("close", countSql(stats, done));
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.sqlStats) reply.header("x-sql-queries", String(request.sqlStats.queries));
    done(null, payload);
  });
  app.addHook("onRequest", (request, reply, done) => {
    const url = request.url;
    if (!state.ready && (url.startsWith("/api/") || url.startsWith("/graphql") || url.startsWith("/mcp"))) {
      reply.header("retry-after", "5");
      sendError(
        reply,
        503,
        state.failure
          ? "The portal could not load its database"
          : "The portal is starting: the dataset is being loaded",
      );
      return;
    }
    done();
  });
  registerCaching(app, versions, responseCache, replay);
  // Counted as the answer goes out, not on 'finish': a client that reads the counter right after an
  // answer could otherwise be served before that answer's count (seen once in CI, 32 instead of 33).
  app.addHook("onSend", (request, _reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route && (route.startsWith("/api/") || route === "/graphql") && state.ready)
      services.stats.countCall(`${request.method} ${route}`);
    done(null, payload);
  });

  app.get("/healthz", async () => ({ status: "ok" }));
  // 200 while serving; 503 while starting, failed or draining. Names the release served and each
  // replica's state, so a proxy and an operator see the same thing.
  app.get("/readyz", async (_request, reply) => {
    const replicas = (dataSource && replicaRouterOf(dataSource)?.statuses) || [];
    const status = state.draining
      ? "draining"
      : state.ready
        ? "ready"
        : state.failure
          ? "failed"
          : "starting";
    return reply
      .code(status === "ready" ? 200 : 503)
      .header("cache-control", "no-store")
      .send({
        status,
        ...(state.failure && status === "failed" ? { message: state.failure } : {}),
        release: state.servedRelease,
        replicas: replicas.map(({ name, state: replicaState, lagSeconds }) => ({
          name,
          state: replicaState,
          lagSeconds,
        })),
      });
  });
  // While draining, each answer closes its connection: keep-alive clients (the proxy) reconnect elsewhere.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (state.draining) reply.header("connection", "close");
    done(null, payload);
  });
  const { countReplayed } = registerMetrics(app, {
    dataSource: () => dataSource,
    answerCache: responseCache,
    visits: () => ({
      buffered: services.stats?.bufferedVisits ?? 0,
      dropped: services.stats?.droppedVisits ?? 0,
    }),
    release: () => state.servedRelease,
  });
  // The level is fixed at start: warn and above write no access lines, replayed or not.
  const logsEachRequest = log.logger.isLevelEnabled("info");
  replay.start(
    () => (state.ready && !state.draining ? versions().dataset : null),
    (request, route, seconds) => {
      responseCache.hits += 1; // a repeat of a cached answer is a hit of that cache
      services.stats.countCall(`GET ${route}`);
      countReplayed(route, seconds);
      if (logsEachRequest) logReplayed(log.logger, ids.of(request), request, route, seconds);
    },
  );

  const schema = portalSchema();
  const apollo = new ApolloServer<PortalContext>({
    schema,
    validationRules: limitValidationRules,
    introspection: true, // a public API: clients and the explorer rely on it
    // Automatic persisted queries (on by default) keep their documents in this LRU cache (30 MiB), so
    // registering hashes cannot grow memory without bound.
    cache: "bounded",
    // No cookies or credentials exist and GET can only run queries, so plain GET requests (curl, GraphQL-over-HTTP) are allowed.
    csrfPrevention: false,
    includeStacktraceInErrorResponses: false,
    // Shutdown is the gateway's (main.ts): Apollo's own handler would cut downloads still running after 10 s.
    stopOnTerminationSignals: false,
    plugins: [
      fastifyApolloDrainPlugin(app),
      costLimitPlugin(schema, () => services.sizes.get()),
      databaseUnavailablePlugin,
      ApolloServerPluginCacheControlDisabled(),
      uncacheableGraphqlAnswers,
    ],
    formatError: (formatted, error) => {
      // Errors thrown by plugins keep their own code on the original error.
      const ownCode = error instanceof GraphQLError ? error.extensions?.code : undefined;
      const code =
        typeof ownCode === "string" && USER_ERROR_CODES.has(ownCode) ? ownCode : formatted.extensions?.code;
      if (typeof code === "string" && USER_ERROR_CODES.has(code)) {
        return {
          message: formatted.message,
          locations: formatted.locations,
          path: formatted.path,
          extensions: { code },
        };
      }
      // The request is marked unavailable when the answer goes out (databaseUnavailablePlugin).
      if (health.report(error)) {
        return {
          message: DATABASE_UNAVAILABLE_MESSAGE,
          path: formatted.path,
          extensions: { code: "SERVICE_UNAVAILABLE" },
        };
      }
      app.log.error({ err: error }, "GraphQL resolver error");
      return {
        message: GENERIC_ERROR_MESSAGE,
        path: formatted.path,
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      };
    },
  });
  await apollo.start();
  const writeLimiter = app.createRateLimit(WRITE_RATE_LIMIT);
  const guardWrite = (request: FastifyRequest) => async () => {
    const verdict = await writeLimiter(request);
    // isAllowed means allow-listed (never limited); isExceeded means over the limit.
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw new GraphQLError(
        `Too many requests: at most ${verdict.max} per minute. Retry in ${verdict.ttlInSeconds} s.`,
        {
          extensions: {
            code: "RATE_LIMITED",
            http: { status: 429, headers: new Map([["retry-after", String(verdict.ttlInSeconds)]]) },
          },
        },
      );
    }
  };
  const graphqlHandler = fastifyApolloHandler(apollo, {
    context: async (request) =>
      createContext(services, guardWrite(request), () => markDatabaseUnavailable(request)),
  });
  app.route<{ Reply: string }>({
    method: ["GET", "POST", "OPTIONS"],
    url: "/graphql",
    // A query is answered from one release (run again if a switch fell under it); a mutation runs once.
    handler: async (request, reply) => {
      const answer = async () => graphqlHandler.call(app, request, reply);
      if (!isGraphqlQuery(request)) return answer();
      const { value, release } = await services.releases.withinOneRelease(answer);
      if (release) request.servedRelease = release;
      return value;
    },
  });
  registerRestRoutes(app, apollo, services, () => state.datasetVersion);
  registerMcp(app, apollo, services, guardWrite);
  registerLlmsTxt(app);
  registerSitemaps(app, services, webDist);

  /**
   * The queries of one page's server render (web-pages.ts), run through Apollo's own pipeline, as
   * /graphql runs the browser's (limits, error wording). They share one context: its loaders read a
   * record once for the page, not once for each of its tabs' queries. The page as a whole is read from
   * one release (fromOneRelease), not each query: a switch between two of them would still mix them.
   */
  const pageOperations = (): PageOperation => {
    const contextValue = createContext(services);
    return async ({ query, variables, operationName }) => {
      const response = await apollo.executeOperation({ query, variables, operationName }, { contextValue });
      if (response.body.kind !== "single") return { errors: [{ message: GENERIC_ERROR_MESSAGE }] };
      return response.body.singleResult;
    };
  };
  /** Where a page's data comes from once the release is loaded: the release served now. */
  const pageData = () => (state.ready ? { execute: pageOperations(), release: state.servedRelease } : null);
  /**
   * `send` (a page, or its JSON-LD) made from one release: when the release was switched while it read,
   * it is made again, whole, from the new one (a page rendered before the switch is kept under the old
   * release's key, which no request asks for again). One key read per page, not one per query.
   */
  const fromOneRelease = async <T>(send: (data: ReturnType<typeof pageData>) => Promise<T>): Promise<T> => {
    if (!state.ready) return send(null);
    return (await services.releases.withinOneRelease(() => send(pageData()))).value;
  };
  const webPage = hasWeb
    ? webPages(webDist, await loadPageRenderer(webDist), {
        onRenderError: (url, error) =>
          app.log.warn({ url, err: error }, "could not render the page; sent the app shell"),
        onDataFallback: (url) =>
          app.log.warn({ url }, "the page's data failed or was slow; sent it with its queries loading"),
        dataTimeoutMs: Number(process.env.PAGE_DATA_TIMEOUT_MS ?? PAGE_DATA_TIMEOUT_MS),
      })
    : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: "1h",
      // The build writes .br and .gz copies (web/scripts/precompress.mjs): sent as they are.
      preCompressed: true,
      // Vite names assets by content hash: they never change, so browsers keep them for a year.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  // The catalog markup of / and /data, built once per release (catalog-json-ld.ts).
  const catalogOf = catalogMarkup();
  const catalogScreens = new Set<string>(CATALOG_SCREENS);
  const screenJsonLd = async (): Promise<ScreenJsonLd | null> => {
    const release = await services.releaseDescription.describe();
    return release ? catalogOf(release) : null;
  };
  const sendPageOrNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.url;
    // A missing asset (a chunk of an older build, say) is a 404, not the app's HTML under a script's name.
    const notAPage =
      url.startsWith("/api/") || url === "/api" || url.startsWith("/graphql") || url.startsWith("/assets/");
    if (notAPage || request.method !== "GET") {
      return sendError(reply, 404, "Not found");
    }
    // The app's routes get their server-rendered first paint; any other path the Not Found screen, 404.
    if (webPage) {
      // Once the release is loaded, a search's address is rendered with its results.
      const ready = state.ready;
      const [pathname = "/", query] = url.split(/\?(.*)/s, 2);
      const record = webPage.recordPageOf(pathname);
      const catalogScreen = catalogScreens.has(screenPath(pathname));
      // A record's page and the catalog screens are also their JSON-LD, for `Accept: application/ld+json`.
      const jsonLdAsked = (record !== null || catalogScreen) && prefersJsonLd(request.headers.accept);
      if (record || catalogScreen) reply.header("vary", "Accept");
      let found: "found" | "missing" | undefined;
      if (record && ready) {
        // A record's page is at its canonical address: any other identifier of it is sent there.
        const canonical = await services.records.canonical(record.kind, record.identifier);
        if (canonical !== null && canonical !== pathname)
          return reply.redirect(query ? `${canonical}?${query}` : canonical, 301);
        found = canonical === null ? "missing" : "found";
      }
      const marks = {
        sampleDataset: state.sampleDataset,
        origin: requestOrigin(request),
        // A page is sent without the catalog markup rather than not at all (the database away, say).
        screenJsonLd: catalogScreen && ready ? await screenJsonLd().catch(() => null) : null,
      };
      if (jsonLdAsked) {
        if (!ready) {
          reply.header("retry-after", "5");
          return sendError(reply, 503, "The portal is starting: the dataset is being loaded");
        }
        if (record && found === "missing")
          return sendError(reply, 404, `No ${RECORD_KIND_WORDS[record.kind]} is named ${record.identifier}`);
        const document = await fromOneRelease((source) => webPage.jsonLd(pathname, marks, source!));
        if (document === null) {
          reply.header("retry-after", "5");
          return sendError(reply, 503, "The page's JSON-LD could not be made now: try again");
        }
        return reply
          .header("cache-control", "no-cache")
          .type(`${JSON_LD_MEDIA_TYPE}; charset=utf-8`)
          .send(document);
      }
      const page = await fromOneRelease((source) => webPage(url, marks, source, found));
      return reply
        .code(page.status)
        .header("cache-control", "no-cache") // a new build must be seen at once: pages name its assets
        .type("text/html; charset=utf-8")
        .send(page.html);
    }
    return reply.code(404).type("text/plain").send("The web app is not built: run `npm run build`.");
  };
  // Pages are a catch-all route rather than the not-found handler, so @fastify/compress applies to them.
  app.get("/*", sendPageOrNotFound);
  app.setNotFoundHandler(sendPageOrNotFound);

  const ready = (async () => {
    try {
      const db = await openDatabaseWhenReachable(config, (message) => app.log.warn(message));
      dataSource = db;
      const replicas = replicaRouterOf(db);
      if (replicas) {
        replicas.log = (message) => app.log.warn(message);
        await replicas.start(); // the first check decides whether reads may go to a replica at all
      }
      const warn = (message: string, detail?: Record<string, unknown>) => app.log.warn(detail ?? {}, message);
      const fallbackConfig = proteinFallbackConfigFromEnv(process.env, warn);
      Object.assign(
        services,
        createServices(db, {
          proteinFallback: fallbackConfig ? createProteinFallback(fallbackConfig, warn) : null,
          warn: (message) => app.log.warn(message),
        }),
      );
      if (options.autoSeed !== false && !(await loadedRelease(db))) {
        app.log.info("Empty database: loading the bundled dataset release");
        const result = await loadRelease(db, await readCsvRelease(bundledReleaseDir));
        app.log.info(`Loaded ${result.rows} rows of release ${result.version}`);
        // Reads go through a replica when one is in use, and it may not have applied the load yet: wait
        // for it before anything (caches, the search index, readiness) reads the release.
        for (let waited = 0; replicas && waited < 120_000 && !(await loadedRelease(db)); waited += 500)
          await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // Derived data as this code builds it (seeds/derived-data.ts). A release with none at all has
      // nothing to serve: it is built before the gateway turns ready. One built by an older version is
      // served while the keeper builds it again in the background and switches it in.
      const derived = await derivedDataOf(db, "live");
      if (derived.release && !derived.present && !isCurrent(derived.version)) {
        app.log.info("The live release has no derived data: building it before turning ready");
        await rebuildDerivedData(db, "live");
      }
      services.stats.start();
      await services.releases.check();
      services.releases.start();
      derivedData = new DerivedDataKeeper(db, services.releases, app.log);
      derivedData.start();
      // The release's key, version and sample flag (/readyz, CSV file names, the OpenAPI text, pages) are
      // the release watcher's: it reads them like the data (through a replica when one is in use), so
      // /readyz names the release answers come from, and they follow a switch with the caches.
      const followRelease = () => {
        const release = services.releases.release;
        state.servedRelease = release?.key ?? null;
        state.datasetVersion = release?.version ?? null;
        state.sampleDataset = release?.sample ?? false;
      };
      followRelease();
      services.releases.subscribe(followRelease);
      // Ready means ready at speed: the autocomplete index (seconds of CPU at 10x data), the enrichment
      // term sizes of the default background and the cost model's sizes are read first, so no request
      // routed to a fresh gateway waits for them. A failed index or term sizes does not stop the start
      // (each is built again on use); a failed read of the cost model's sizes does, like any start-up read.
      await Promise.all([
        services.search.warm(),
        services.analysis.warm().catch(() => undefined),
        services.sizes.warm(), // the cost model's table and relation sizes: no SQL when a query is costed
      ]);
      await applyServingLimits(db); // after the start-up reads: they are bulk reads, like an import's
      fullCollection(); // the build's leftovers go now, not under the first requests
      state.ready = state.datasetVersion !== null;
      if (!state.ready) state.failure = "No dataset release is loaded: run npm run db:seed";
    } catch (error) {
      state.failure = (error as Error).message;
      app.log.error({ err: error }, "database initialisation failed");
      throw error;
    }
  })();
  ready.catch(() => undefined);

  return {
    app,
    get dataSource() {
      if (!dataSource) throw new Error("The database is not open yet: await portal.ready");
      return dataSource;
    },
    services,
    config,
    log,
    ready,
    async drain(delayMs: number) {
      state.draining = true;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    },
    async close() {
      state.draining = true;
      health.stop();
      services.releases?.stop();
      services.search?.stop();
      services.sizes?.stop();
      services.classification?.stop();
      services.sitemap?.stop();
      services.releaseDescription?.stop();
      await derivedData?.stop(); // a build under way ends (and switches) before the database closes
      const closing = app.close(); // stops accepting connections; waits for open ones
      // Once every response is written, whatever connections remain are idle: close them, since Node
      // keeps a keep-alive socket whose client abandoned a download counted as busy.
      await responsesDone();
      app.server.closeAllConnections();
      await closing;
      await services.stats?.stop();
      if (dataSource) await replicaRouterOf(dataSource)?.stop();
      if (dataSource?.isInitialized) await dataSource.destroy();
    },
  };
}
