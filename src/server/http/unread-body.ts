import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How much of a refused request's unread body the server reads and drops before it gives up and
 * closes the connection: enough for any honest upload well beyond the limits (16 MiB at most).
 */
export const UNREAD_BODY_DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A refusal answered before the whole body arrived (the caller was not admitted, or the body is
 * over the limit): closing the connection while the client still sends makes its system reset the
 * connection, and the client never reads the answer. The rest of the body is read and dropped
 * instead; HTTP framing still holds, so the connection stays usable. Past the cap it is closed.
 */
export function discardUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed || raw.readableEnded) return;
  // Fastify asks to close after a body error, for the very reason the rest is read here.
  reply.removeHeader('connection');
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > UNREAD_BODY_DISCARD_MAX_BYTES) raw.socket.destroy();
  });
  raw.resume();
}
