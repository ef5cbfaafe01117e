import { apiBase } from '../api-client.js';
import { isUnreachableFailure, reportConnection } from './connection.js';

/** How long a probe waits: a server that does not answer within it counts as out of reach. */
export const PROBE_TIMEOUT_MS = 10_000;

/**
 * Asks the server's health check (public, outside the call table, no progress bar, no notice) and
 * reports what happened: any answer of the server means reachable, no answer or a gateway's
 * 502/503/504 unreachable.
 */
async function askServer(): Promise<void> {
  try {
    const response = await fetch(`${apiBase}/health`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    reportConnection(isUnreachableFailure({ kind: 'http', httpStatus: response.status }) ? 'serverUnreachable' : 'serverAnswered');
  } catch {
    reportConnection('serverUnreachable');
  }
}

let running: Promise<void> | null = null;

/** One probe at a time: those asked for while one runs share its answer. */
export function probeServer(): Promise<void> {
  running ??= askServer().finally(() => {
    running = null;
  });
  return running;
}
