import type { ApolloServerPlugin, GraphQLRequestListener } from "@apollo/server";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type DatabaseHealth, RETRY_AFTER_SECONDS } from "../db/health";
import { envInt } from "../env";
import type { PortalContext } from "../graphql/context";

/** Longest query string accepted (characters after `?`); longer URLs get a 414 in the envelope. */
export const maxQueryStringLength = () => envInt("MAX_QUERY_STRING_LENGTH", 4096);

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is unavailable at the moment: please retry in a few seconds";

const isDataPath = (url: string) => url.startsWith("/api/") || url.startsWith("/graphql");

/** Visit writes are accepted while the database is down: they are buffered and written on recovery. */
function isBufferedWrite(request: FastifyRequest): boolean {
  if (request.method !== "POST") return false;
  if (request.url.startsWith("/api/stats/record-visit")) return true;
  if (!request.url.startsWith("/graphql")) return false;
  const query = (request.body as { query?: unknown } | undefined)?.query;
  return typeof query === "string" && /^\s*mutation\b/.test(query) && /\brecordVisit\b/.test(query);
}

function sendUnavailable(request: FastifyRequest, reply: FastifyReply) {
  reply.header("retry-after", String(RETRY_AFTER_SECONDS)).header("cache-control", "no-store");
  const body: Record<string, unknown> = { success: false, message: DATABASE_UNAVAILABLE_MESSAGE };
  // GraphQL clients read `errors`; REST clients the envelope. One body serves both.
  if (request.url.startsWith("/graphql"))
    body.errors = [{ message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: "SERVICE_UNAVAILABLE" } }];
  return reply.code(503).type("application/json; charset=utf-8").send(body);
}

/** Mark a request as failed by an unavailable database (answered 503 when it is sent). */
export function markDatabaseUnavailable(request: FastifyRequest): void {
  request.databaseUnavailable = true;
}

/** One listener for every operation: it keeps no state of its own. */
const unavailableListener: GraphQLRequestListener<PortalContext> = {
  async willSendResponse({ contextValue, response }) {
    if (response.body.kind !== "single") return;
    const errors = response.body.singleResult.errors ?? [];
    if (errors.some((e) => e.extensions?.code === "SERVICE_UNAVAILABLE"))
      contextValue.markDatabaseUnavailable?.();
  },
};

/**
 * GraphQL answers an operation whose resolvers met an unreachable database with errors (formatError
 * gives them the code SERVICE_UNAVAILABLE); this tells the operation's HTTP request, which then goes
 * out as the 503 of the envelope.
 */
export const databaseUnavailablePlugin: ApolloServerPlugin<PortalContext> = {
  async requestDidStart() {
    return unavailableListener;
  },
};

/**
 * Resilience of the HTTP layer: a query-string size limit (414; a web page's address over it gets the
 * portal's 414 page), and while the database is unreachable
 * a 503 with Retry-After in the error envelope, at once and without a connection attempt; requests that
 * hit the outage themselves are turned into the same 503. Recovery is automatic (see DatabaseHealth).
 */
export function registerResilience(
  app: FastifyInstance,
  health: DatabaseHealth,
  /** The web app's 414 page (HTML), sent for a page address over the limit; JSON without it. */
  uriTooLongPage: string | null = null,
): void {
  const limit = maxQueryStringLength();
  app.addHook("onRequest", (request, reply, done) => {
    const q = request.url.indexOf("?");
    // A page's address (not the API's) over the limit, query string or not, gets the portal's page.
    if (uriTooLongPage !== null && request.url.length > limit && !isDataPath(request.url)) {
      reply
        .code(414)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(uriTooLongPage);
      return;
    }
    if (q >= 0 && request.url.length - q - 1 > limit) {
      reply
        .code(414)
        .type("application/json; charset=utf-8")
        .send({ success: false, message: `The query string is too long (${limit} characters at most)` });
      return;
    }
    done();
  });
  app.addHook("preHandler", (request, reply, done) => {
    if (health.isDown && isDataPath(request.url) && !isBufferedWrite(request)) {
      sendUnavailable(request, reply);
      return;
    }
    done();
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.databaseUnavailable) return done(null, payload);
    // The body is replaced: whatever encoding a compressor chose no longer applies.
    reply.removeHeader("content-encoding");
    reply.removeHeader("content-length");
    reply
      .code(503)
      .header("retry-after", String(RETRY_AFTER_SECONDS))
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8");
    const body: Record<string, unknown> = { success: false, message: DATABASE_UNAVAILABLE_MESSAGE };
    if (request.url.startsWith("/graphql"))
      body.errors = [{ message: DATABASE_UNAVAILABLE_MESSAGE, extensions: { code: "SERVICE_UNAVAILABLE" } }];
    done(null, JSON.stringify(body));
  });
}

/**
 * Errors Fastify's router raises before any route runs (a path parameter over 100 characters: 414;
 * a malformed percent-encoding: 400), answered in the documented envelope like every other error.
 */
export function frameworkErrors(
  error: Error & { statusCode?: number },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    status === 414
      ? "A path parameter is too long (100 characters at most)"
      : "The request URL is malformed (invalid percent-encoding or characters)";
  void reply.code(status).type("application/json; charset=utf-8").send({ success: false, message });
}
