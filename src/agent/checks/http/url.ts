import { isIP } from 'node:net';

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

export interface UrlFields {
  host: string;
  port?: number | undefined;
  path: string;
}

/** The URL a task names: scheme by type, default port 80/443, "other path" after the host. */
export function initialUrlOf(fields: UrlFields, secure: boolean): URL | null {
  const host = isIP(fields.host) === 6 ? `[${fields.host}]` : fields.host;
  const path = fields.path.startsWith('/') ? fields.path : `/${fields.path}`;
  const port = fields.port === undefined ? '' : `:${fields.port}`;
  try {
    return new URL(`${secure ? 'https' : 'http'}://${host}${port}${path}`);
  } catch {
    return null;
  }
}

/** The next URL when a response redirects to an http(s) location; null when it is final. */
export function redirectTargetOf(statusCode: number | '000', location: string | null, base: URL): URL | null {
  if (typeof statusCode !== 'number' || !REDIRECT_STATUSES.has(statusCode) || !location) return null;
  try {
    const next = new URL(location, base);
    return next.protocol === 'http:' || next.protocol === 'https:' ? next : null;
  } catch {
    return null;
  }
}

export function isSecureUrl(url: URL): boolean {
  return url.protocol === 'https:';
}

export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return isSecureUrl(url) ? 443 : 80;
}

/** The URL's host without the brackets of an IPv6 literal, as resolvers and SNI want it. */
export function hostnameOf(url: URL): string {
  const { hostname } = url;
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}
