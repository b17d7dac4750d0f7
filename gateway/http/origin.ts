import type { FastifyRequest } from "fastify";

/**
 * The origin that absolute links in answers (the data package's file URLs, the assistant tools' page
 * links) start with: PUBLIC_ORIGIN when the deployment sets it (behind a proxy that terminates TLS),
 * otherwise the request's own scheme and host.
 */
export function requestOrigin(request: FastifyRequest): string {
  const configured = process.env.PUBLIC_ORIGIN?.trim();
  if (configured) return configured.replace(/\/+$/, "");
  return `${request.protocol}://${request.host}`;
}
