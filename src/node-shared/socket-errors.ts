/**
 * The one rule for what a socket or name lookup error says about the target: the agent's checks
 * (TCP, HTTP, TLS, DNS) and the server's SSL chain checker both read errors through it. Each side
 * words the kind in its own vocabulary (a check's `Failure.code`, the checker's failure); the
 * errno itself is kept as the detail, never as the whole message.
 */

/** What a network error says about the path to the target. */
export type NetworkFailureKind = 'refused' | 'timeout' | 'unreachable' | 'reset';

const NETWORK_FAILURE_BY_ERRNO: Readonly<Record<string, NetworkFailureKind>> = {
  ECONNREFUSED: 'refused',
  ETIMEDOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EHOSTDOWN: 'unreachable',
  ENETDOWN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ECONNRESET: 'reset',
  EPIPE: 'reset',
  ECONNABORTED: 'reset',
};

/** Lookup errors that say the name has no address, rather than that the resolver failed. */
const NAME_NOT_FOUND_ERRNOS: ReadonlySet<string> = new Set(['ENOTFOUND', 'ENODATA']);

/** The error's code (ECONNREFUSED, ERR_SSL_…) when it carries one. */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The kind of a known network errno; undefined for anything else (no descriptors, TLS, …). */
export function networkFailureOfErrno(errno: string | undefined): NetworkFailureKind | undefined {
  return errno === undefined ? undefined : NETWORK_FAILURE_BY_ERRNO[errno];
}

export function isNameNotFound(errno: string | undefined): boolean {
  return errno !== undefined && NAME_NOT_FOUND_ERRNOS.has(errno);
}
