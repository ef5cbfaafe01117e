import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FieldError } from '../../shared/envelope.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './api-path.js';
import { AppError, fieldError } from './app-error.js';
import { mapError, type MappedError } from './error-mapper.js';
import { serveConsole } from './client-files.js';
import { setSecurityHeaders } from './security-headers.js';
import { discardUnreadBody } from './unread-body.js';

function sendMapped(request: FastifyRequest, reply: FastifyReply, mapped: MappedError): void {
  // A refusal may come before the body was read (admission, size): read the rest so the client,
  // still sending, gets to read the answer instead of a reset.
  discardUnreadBody(request, reply);
  void reply.status(mapped.httpStatus).send(mapped.envelope);
}

/**
 * Errors Fastify meets before any route runs (a path with bad percent-encoding, an overlong path
 * parameter): the same envelope as every other answer.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = mapError(error);
  if (mapped.unexpected) request.log.error({ err: error }, 'unexpected framework error');
  // No route, so no onSend hooks: the headers every answer carries are set here.
  setSecurityHeaders(request, reply);
  sendMapped(request, reply, mapped);
}

const requestError = (http: number, error: FieldError): MappedError =>
  mapError(new AppError(1001, { data: { errors: [error] }, httpStatus: http }));
const CLIENT_ERRORS: Readonly<Record<string, MappedError>> = {
  ERR_HTTP_REQUEST_TIMEOUT: requestError(408, fieldError('', 10010001)),
  HPE_HEADER_OVERFLOW: requestError(431, fieldError('', 10010005, { kind: 'headers' })),
};
const MALFORMED = requestError(400, fieldError('', 10010001));

/**
 * Requests Node's HTTP parser cannot read (malformed, headers too large, too slow): no route and
 * no reply exist yet, so the envelope is written on the socket, which then closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { httpStatus: http, envelope } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${http} ${STATUS_CODES[http] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * The one error handler and the not-found handler: every failure leaves as an envelope. Both send
 * and return nothing: a returned reply is a thenable Fastify waits on, adding 'close' listeners
 * to the response until a streamed answer (the console's index.html) ends.
 */
export function registerErrorHandling(app: FastifyInstance, clientDir: string | undefined): void {
  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error, { bodyLimit: request.routeOptions.bodyLimit });
    if (mapped.unexpected) request.log.error({ err: error }, 'unexpected error');
    sendMapped(request, reply, mapped);
  });
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (clientDir !== undefined && isPage && !isApiPath(request.url)) serveConsole(reply);
    else sendMapped(request, reply, mapError(new AppError(404)));
  });
}
