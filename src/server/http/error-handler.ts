import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../shared/calls/index.js';
import { AppError } from './app-error.js';
import { mapError } from './error-mapper.js';
import { serveConsole } from './client-files.js';

export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === API_BASE || path.startsWith(`${API_BASE}/`);
}

/** The one error handler and the not-found handler: every failure leaves as an envelope. */
export function registerErrorHandling(app: FastifyInstance, clientDir: string | undefined): void {
  app.setErrorHandler((error, request, reply) => {
    const { httpStatus, envelope, unexpected } = mapError(error);
    if (unexpected) request.log.error({ err: error }, 'unexpected error');
    return reply.status(httpStatus).send(envelope);
  });
  app.setNotFoundHandler((request, reply) => {
    const { httpStatus, envelope } = mapError(new AppError(404));
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (clientDir !== undefined && isPage && !isApiPath(request.url)) return serveConsole(reply);
    return reply.status(httpStatus).send(envelope);
  });
}
