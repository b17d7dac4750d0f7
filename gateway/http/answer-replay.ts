import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest, FastifyServerFactory } from "fastify";
import { LRUCache } from "lru-cache";
import { SQL_STATS_HEADER } from "../db/query-counter";

/** An answer as it went out: its headers (name, value, name, value ...), its bytes and its route. */
interface Replayed {
  headers: string[];
  body: Buffer;
  /** The route pattern (`/api/gene/search`), for the call counters and the metrics. */
  route: string;
}

/** The options Fastify builds its HTTP/1 server with (fastify/lib/server.js), defaults filled in. */
interface ServerOptions {
  http?: http.ServerOptions;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/** What a replayed answer still counts: the API call counters, the metrics, the answer cache's hits, its access line. */
export type ReplayCounter = (request: IncomingMessage, route: string, seconds: number) => void;

/**
 * Repeats of answers the answer cache already serves (caching.ts), written by Node's http server before
 * Fastify sees the request. A cache hit still runs a dozen hooks (security headers, readiness, ETag,
 * compression, counters, metrics, access log) that give every repeat of one address the same bytes; here
 * the bytes Fastify wrote the first time are written again, with only the call counters, the metrics and
 * the access log (access-log.ts) updated.
 *
 * Keyed by release key, Accept-Encoding and URL; a release switch changes every key. Only plain GETs:
 * a request with If-None-Match (answered 304 by caching.ts), with x-sql-stats, or with a body goes the
 * whole way, and so does an answer that was compressed (a stream, not one write). Off while the gateway
 * is not ready or draining.
 */
export class AnswerReplay {
  private readonly answers: LRUCache<string, Replayed> | null;
  /** The release answers are read from, or null while answers must go the whole way. */
  private serving: () => string | null = () => null;
  private count: ReplayCounter = () => undefined;

  constructor(maxBytes: number) {
    this.answers =
      maxBytes > 0
        ? new LRUCache<string, Replayed>({
            maxSize: maxBytes,
            sizeCalculation: (answer) => answer.body.length + 64 * answer.headers.length,
            maxEntrySize: maxBytes / 8,
          })
        : null;
  }

  /** Turns replay on: `serving` names the release while the gateway serves normally, else null. */
  start(serving: () => string | null, count: ReplayCounter): void {
    this.serving = serving;
    this.count = count;
  }

  /** Fastify's HTTP/1 server, as Fastify builds it, with replayed answers answered first. */
  readonly serverFactory: FastifyServerFactory = (handler, given) => {
    const options = given as ServerOptions;
    const server = http.createServer(options.http ?? {}, (request, response) => {
      if (!this.replay(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? 72_000;
    server.requestTimeout = options.requestTimeout ?? 0;
    server.setTimeout(options.connectionTimeout ?? 0);
    if ((options.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket!;
    return server;
  };

  /** The key of a request that may be replayed, or null when it must go the whole way. */
  private keyOf(request: IncomingMessage): string | null {
    if (this.answers === null || request.method !== "GET") return null;
    const headers = request.headers;
    if (
      headers["if-none-match"] !== undefined ||
      headers[SQL_STATS_HEADER] !== undefined ||
      headers["content-length"] !== undefined ||
      headers["transfer-encoding"] !== undefined
    )
      return null;
    const release = this.serving();
    return release === null ? null : `${release}\n${headers["accept-encoding"] ?? ""}\n${request.url}`;
  }

  private replay(request: IncomingMessage, response: ServerResponse): boolean {
    const key = this.keyOf(request);
    const answer = key === null ? undefined : this.answers!.get(key);
    if (answer === undefined) return false;
    const started = performance.now(); // only for answers replayed: every other request passes here too
    response.writeHead(200, answer.headers);
    response.end(answer.body);
    this.count(request, answer.route, (performance.now() - started) / 1000);
    return true;
  }

  /**
   * Keeps the answer a cache hit is about to write (caching.ts), when it is written whole: status 200,
   * headers, then one string or buffer.
   */
  record(request: FastifyRequest, reply: FastifyReply): void {
    const key = this.keyOf(request.raw);
    const route = request.routeOptions.url;
    if (key === null || route === undefined) return;
    const response = reply.raw;
    const { writeHead, write, end } = response;
    let headers: OutgoingHttpHeaders | null = null;
    let whole = true;
    const restore = () => Object.assign(response, { writeHead, write, end });
    response.writeHead = ((status: number, ...rest: unknown[]) => {
      const given = rest.at(-1);
      if (status === 200 && given !== null && typeof given === "object" && !Array.isArray(given))
        headers = given as OutgoingHttpHeaders;
      return writeHead.call(response, status, ...(rest as [OutgoingHttpHeaders]));
    }) as typeof writeHead;
    response.write = ((...args: Parameters<typeof write>) => {
      whole = false; // streamed (compressed): not one write
      restore();
      return write.apply(response, args);
    }) as typeof write;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      restore();
      if (whole && headers && (typeof chunk === "string" || Buffer.isBuffer(chunk)))
        this.answers!.set(key, {
          headers: Object.entries(headers).flatMap(([name, value]) =>
            Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)],
          ),
          body: typeof chunk === "string" ? Buffer.from(chunk) : chunk,
          route,
        });
      return (end as (...args: unknown[]) => ServerResponse).call(response, chunk, ...rest);
    }) as typeof end;
  }
}
