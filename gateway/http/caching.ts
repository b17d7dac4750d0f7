import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** GETs whose answer changes without a new dataset release: never cached. */
const LIVE_PATHS = [/^\/api\/stats\//, /^\/readyz/, /^\/healthz/];

/** How long browsers and proxies may reuse a data response before revalidating. */
const DATA_MAX_AGE_SECONDS = 300;

/**
 * The data only changes with a release, so a GET's ETag is the release version, the code version
 * and the URL: a repeat view is answered 304 before any SQL runs, and a proxy can serve the rest.
 */
export function registerCaching(
  app: FastifyInstance,
  versions: () => { code: string; dataset: string | null },
): void {
  const tagOf = (url: string): string | null => {
    const { code, dataset } = versions();
    if (!dataset) return null;
    const hash = createHash("sha1").update(url).digest("base64url").slice(0, 16);
    return `"${code}-${dataset}-${hash}"`;
  };
  // GraphQL GETs are left out: one URL may mix release data with live counters.
  const cacheable = (method: string, url: string) =>
    method === "GET" && url.startsWith("/api/") && !LIVE_PATHS.some((p) => p.test(url));

  // One tag per request: computed on arrival, reused when the response goes out.
  const tags = new WeakMap<object, string>();

  app.addHook("onRequest", async (request, reply) => {
    if (!cacheable(request.method, request.url)) return;
    const tag = tagOf(request.url);
    if (!tag) return;
    tags.set(request, tag);
    const match = request.headers["if-none-match"];
    if (match?.split(",").some((t) => t.trim().replace(/^W\//, "") === tag)) {
      return reply
        .code(304)
        .header("etag", tag)
        .header("cache-control", `public, max-age=${DATA_MAX_AGE_SECONDS}`)
        .send();
    }
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" || !request.url.startsWith("/api/")) return payload;
    if (LIVE_PATHS.some((p) => p.test(request.url))) {
      reply.header("cache-control", "no-store");
      return payload;
    }
    const tag = reply.statusCode === 200 ? tags.get(request) : undefined;
    if (tag) {
      reply.header("etag", tag);
      reply.header("cache-control", `public, max-age=${DATA_MAX_AGE_SECONDS}`);
    } else if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-cache");
    return payload;
  });
}
