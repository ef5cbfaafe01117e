import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import type { ServerContext } from '../context.js';

const REDACTED = '[redacted]';

/** SSO codes and tokens ride in query strings (/sso?code=…) and stay usable while they sit in a log. */
function isSecretParam(rawName: string): boolean {
  let name = rawName;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    // A malformed escape is logged under its raw name.
  }
  const lowered = name.toLowerCase();
  return lowered === 'code' || lowered.includes('token');
}

/** The URL with the values of `code` and any `…token…` query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const pairs = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretParam(name) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fastify's logger options without the `boolean` shorthand. */
export type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

export function loggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-platform-secret"]', 'req.body'], censor: REDACTED },
    serializers: { req: serializeRequest },
  };
}

/** Joins an agent's (or a proxy's) log lines with the server's: sent by callers, answered on every reply. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming id is kept only when it is short and plain, so it cannot forge or bloat log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The caller's x-request-id when sane, else a fresh UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Fastify's options naming each request: every line of request.log carries it as `requestId`. */
export function requestIdOptions() {
  return {
    requestIdHeader: false as const,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: (request: IncomingMessage) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
  };
}

/**
 * Answers every request with its id, and answers the logger for ServerContext.log: inside a
 * request it writes through that request's logger (so the line carries its id), outside one
 * (background loops) through the app's.
 */
export function registerRequestIds(app: FastifyInstance): NonNullable<ServerContext['log']> {
  const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    requestLogs.run(request.log, done);
  });
  return { warn: (fields, message) => (requestLogs.getStore() ?? app.log).warn(fields, message) };
}
