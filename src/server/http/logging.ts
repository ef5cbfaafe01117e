import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';

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
