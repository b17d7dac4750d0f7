import type { IncomingMessage, ServerResponse } from "node:http";
import fastifyCompress from "@fastify/compress";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Writes (visits) a client may make per minute; reads are never limited (institutions share one IP).
 * WRITE_RATE_LIMIT_PER_MINUTE overrides the 120 (the browser suite, one client visiting page after page).
 */
export const WRITE_RATE_LIMIT = {
  max: positiveInteger(process.env.WRITE_RATE_LIMIT_PER_MINUTE) ?? 120,
  timeWindow: 60_000,
} as const;

function positiveInteger(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * TRUST_PROXY: the reverse proxy's addresses or CIDR ranges, comma-separated (e.g. `127.0.0.1`), the only
 * peers whose X-Forwarded-For and X-Request-Id are believed. Unset or empty: no proxy is trusted.
 */
export function proxyTrustFromEnv(value: string | undefined): string[] | null {
  const addresses = (value ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  return addresses.length > 0 ? addresses : null;
}

/**
 * The portal's Content-Security-Policy: everything from this origin; Monaco (the GraphQL explorer)
 * inserts style elements, hence 'unsafe-inline' styles; nothing may frame the portal.
 */
export const contentSecurityPolicy = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "worker-src": ["'self'"],
  "frame-ancestors": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
};

/** The headers helmet's middleware sets, with the portal's policy. */
function securityHeaders(): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    // Scripts elsewhere may call the public API.
    crossOriginResourcePolicy: { policy: "cross-origin" },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** Security headers, compression and the write rate limit (applied per route, see WRITE_RATE_LIMIT). */
export async function registerHttpSecurity(app: FastifyInstance): Promise<void> {
  // helmet's headers do not depend on the request (no nonces): taken from its middleware once and set
  // on each reply as one object. @fastify/helmet rebuilds the middleware (and re-parses the CSP) per request.
  const headers = securityHeaders();
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip", "deflate"],
  });
  await app.register(fastifyRateLimit, {
    global: false,
    enableDraftSpec: true, // standard RateLimit-* headers
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests: at most ${context.max} per minute. Retry in ${Math.ceil(context.ttl / 1000)} s.`,
    }),
  });
}
