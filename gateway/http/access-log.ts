import type { IncomingMessage } from "node:http";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import pino, { type Logger } from "pino";

/** The gateway's logger and its destination, which buffers while a write is under way. */
export interface PortalLog {
  logger: Logger;
  /** Writes what is buffered and closes the destination: the last step before the process exits. */
  end(): Promise<void>;
  /** Writes what is buffered at once, for a fatal error. */
  flushSync(): void;
}

/**
 * pino JSON on stdout through an asynchronous destination (sonic-boom): a request never waits for a
 * write(2); lines that arrive while one is under way go out together in the next.
 */
export function createPortalLog(level: string): PortalLog {
  const destination = pino.destination({ dest: 1, sync: false });
  let ended: Promise<void> | null = null;
  return {
    logger: pino({ level }, destination),
    // Once: a shutdown timeout may fire while a graceful stop is ending the log.
    end: () => {
      ended ??= new Promise<void>((resolve) => {
        destination.once("close", () => resolve());
        destination.end();
      });
      return ended;
    },
    flushSync: () => {
      if (ended === null) destination.flushSync();
    },
  };
}

/** Rounded to the microsecond: a replayed answer takes tens of them. */
const milliseconds = (ms: number) => Math.round(ms * 1000) / 1000;

/**
 * One access line per request, written when its answer is: method, URL, route pattern, status, duration
 * (ms) and request id, instead of Fastify's 'incoming request' and 'request completed' pair. Warnings
 * and errors (a 5xx, a response that failed) are logged as Fastify logs them.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      status: reply.statusCode,
      ms: milliseconds(reply.elapsedTime),
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request");
  }

  /** A 404 is its access line. */
  override routeNotFound(): void {}
}

/**
 * The access line of an answer replayed before Fastify saw the request (answer-replay.ts), with the
 * request id Fastify would have given it.
 */
export function logReplayed(
  logger: Logger,
  requestId: string,
  request: IncomingMessage,
  route: string,
  seconds: number,
): void {
  logger.info(
    {
      reqId: requestId,
      method: request.method,
      url: request.url,
      route,
      status: 200,
      ms: milliseconds(seconds * 1000),
    },
    "request",
  );
}

/**
 * Request ids as Fastify makes them (`req-1`, `req-2` ...), or the proxy's X-Request-Id when `header` is
 * set (TRUST_PROXY): one sequence for the requests Fastify serves and the answers replayed before it.
 */
export function requestIds(header: string | false) {
  let next = 0;
  const generate = () => `req-${(++next).toString(36)}`;
  return {
    generate,
    of(request: IncomingMessage): string {
      const given = header ? request.headers[header] : undefined;
      return typeof given === "string" && given !== "" ? given : generate();
    },
  };
}
