import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
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

/** Answers every request with its id. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

/** A logger as ServerContext.log: the app's for background loops, a request's (each line carries its id) within a call. */
export function contextLog(log: FastifyBaseLogger): NonNullable<ServerContext['log']> {
  return { warn: (fields, message) => log.warn(fields, message) };
}

/**
 * The server context a call's handler runs with: the server's own, except that its logger is the
 * request's, so a module's warning carries the request id. Passed down explicitly rather than
 * found through an AsyncLocalStorage, which in Node 20 turns on promise hooks for every promise in
 * the process (measured: docs/architecture.md, "Performance: CPU per check"). Everything else is
 * read through to the server's context, including what is set on it later.
 */
export function requestContext(ctx: ServerContext, request: FastifyRequest): ServerContext {
  return Object.create(ctx, { log: { value: contextLog(request.log), enumerable: true } }) as ServerContext;
}
