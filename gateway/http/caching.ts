import { createHash } from "node:crypto";
import type { ApolloServerPlugin } from "@apollo/server";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import { envInt } from "../env";
import type { AnswerReplay } from "./answer-replay";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The release a fresh answer was read from (ReleaseWatcher.withinOneRelease): its cache entry and
     * ETag name it, even when a switch happened after the request arrived.
     */
    servedRelease?: string;
  }
}

/** GETs whose answer changes without a new dataset release: never cached. */
export const LIVE_PATHS = [/^\/api\/stats\//, /^\/readyz/, /^\/healthz/];

/** The version part of a release key (`version@loadedAt`), readable in an ETag. */
export const releaseVersion = (release: string) => release.split("@")[0] ?? release;

/** 16 URL-safe characters naming a text (with the release key folded in, a reload changes every tag). */
export const shortHash = (text: string) => createHash("sha1").update(text).digest("base64url").slice(0, 16);

/** How long browsers and proxies may reuse a data response before revalidating. */
export const DATA_MAX_AGE_SECONDS = 300;

/**
 * The data only changes with a release, so a GET's ETag is the release key (version and load time,
 * from the release watcher), the code version and the URL: a repeat view is answered 304 before any SQL runs, and a proxy can serve the rest.
 */
export function registerCaching(
  app: FastifyInstance,
  versions: () => { code: string; dataset: string | null },
  responses: ResponseCache,
  replay: AnswerReplay,
): void {
  const tagOf = (url: string, release: string): string =>
    `"${versions().code}-${releaseVersion(release)}-${shortHash(`${release} ${url}`)}"`;
  // GraphQL GETs are cached by graphql-cache.ts, which knows which queries depend on the release alone.
  const cacheable = (method: string, url: string) =>
    method === "GET" && url.startsWith("/api/") && !LIVE_PATHS.some((p) => p.test(url));

  // One tag per request: computed on arrival, reused when the response goes out unless the answer was
  // read from a newer release than the one known on arrival.
  const tags = new WeakMap<object, { tag: string; release: string }>();
  const servedTag = (request: FastifyRequest): string | undefined => {
    const arrival = tags.get(request);
    const served = request.servedRelease;
    return arrival && served && served !== arrival.release ? tagOf(request.url, served) : arrival?.tag;
  };

  app.addHook("onRequest", (request, reply, done) => {
    const release = versions().dataset;
    if (!release || !cacheable(request.method, request.url)) return done();
    const tag = tagOf(request.url, release);
    tags.set(request, { tag, release });
    const match = request.headers["if-none-match"];
    if (match?.split(",").some((t) => t.trim().replace(/^W\//, "") === tag)) {
      reply
        .code(304)
        .header("etag", tag)
        .header("cache-control", `public, max-age=${DATA_MAX_AGE_SECONDS}`)
        .send();
      return;
    }
    // A repeat of a JSON answer already given under this release: served from memory, no SQL.
    const cached = responses.get(tag);
    if (cached !== undefined) {
      replay.record(request, reply);
      reply
        .header("etag", tag)
        .header("cache-control", `public, max-age=${DATA_MAX_AGE_SECONDS}`)
        .type("application/json; charset=utf-8")
        .send(cached);
      return;
    }
    done();
  });
  // Keep successful JSON answers (objects about to be serialised; CSV streams never pass here).
  app.addHook("preSerialization", (request, reply, payload, done) => {
    const tag = servedTag(request);
    if (tag && reply.statusCode === 200 && payload !== null && typeof payload === "object") {
      responses.set(tag, JSON.stringify(payload)); // what the default serializer sends
    }
    done(null, payload);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.method !== "GET" || !request.url.startsWith("/api/")) return done(null, payload);
    if (LIVE_PATHS.some((p) => p.test(request.url))) {
      reply.header("cache-control", "no-store");
      return done(null, payload);
    }
    const tag = reply.statusCode === 200 ? servedTag(request) : undefined;
    if (tag) {
      reply.header("etag", tag);
      reply.header("cache-control", `public, max-age=${DATA_MAX_AGE_SECONDS}`);
    } else if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    done(null, payload);
  });
}

/** The one cache of release-bound answers (REST GETs and GraphQL queries), sized by RESPONSE_CACHE_MB. */
export const createResponseCache = () => new ResponseCache(RESPONSE_CACHE_BYTES());

/** The answer cache's budget: RESPONSE_CACHE_MB (default 32; 0 turns it off). */
export const RESPONSE_CACHE_BYTES = () => envInt("RESPONSE_CACHE_MB", 32) * 1024 * 1024;

/**
 * JSON answers keyed by code version + release + URL (REST GETs) or + document and variables (GraphQL
 * queries), least recently used dropped first; bounded by bytes (RESPONSE_CACHE_MB, default 32; 0 turns
 * it off). A new release changes every key, so stale entries are never served and age out.
 * lru-cache keeps the recency order in typed arrays: a Map reordered on every hit (delete, then set)
 * made V8 rehash its table again and again, about 1 MB/s of old-generation garbage at 18k hits/s.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, string> | null;
  /** Lookups answered from memory and lookups that were not (the metrics' answer-cache hits and misses). */
  hits = 0;
  misses = 0;

  constructor(maxBytes: number) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, string>({
            maxSize: maxBytes,
            sizeCalculation: (value) => value.length * 2,
            maxEntrySize: maxBytes / 8, // one entry may not take over the cache
          })
        : null;
  }

  get(key: string): string | undefined {
    const value = this.entries?.get(key);
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  set(key: string, value: string): void {
    this.entries?.set(key, value);
  }
}

/**
 * Apollo's cache-control plugin (on by default) wraps every resolver to collect hints this schema never
 * gives, and then marks each answer `no-store`. The gateway turns it off (ApolloServerPluginCacheControlDisabled)
 * to save that per-field work on every request, and keeps the header: this plugin sets it on every
 * GraphQL answer; the answer cache's hashed GETs replace it with their own (graphql-cache.ts).
 */
export const uncacheableGraphqlAnswers: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        response.http.headers.set("cache-control", "no-store");
      },
    };
  },
};
