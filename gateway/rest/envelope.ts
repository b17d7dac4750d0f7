import type { FastifyReply } from "fastify";

/** The documented error envelope: `{ success: false, message }` with a 4xx/5xx status. */
export function sendError(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).type("application/json; charset=utf-8").send({ success: false, message });
}

/** The documented success envelope: `{ success: true, message, data, ...extra }`. */
export function envelope(data: unknown, message: string, extra: Record<string, unknown> = {}) {
  return { success: true, message, data, ...extra };
}
