import { errorText, type AgentLogger } from './log.js';

/**
 * The agent's last resort once it runs: an error nothing else caught (a socket's late error, a
 * check module's bug thrown from a timer) is logged and the process keeps running. Every part of
 * the agent keeps its own state (the spool and the assignment cache on disk, each loop its own
 * retries), so such an error costs at most the one check it came from, while exiting would stop
 * every task on the node until someone restarts it. What must end the agent is decided before
 * this is installed (a bad configuration, a data directory held by another agent) or by the agent
 * itself (a refused key).
 */

/** Errors logged in full per window; the rest are counted and reported with the next one logged. */
export const LAST_RESORT_LOGGED_PER_WINDOW = 10;
const WINDOW_MS = 60_000;

export interface LastResortOptions {
  now?: () => number;
}

export type LastResortHandler = (error: unknown, origin: 'uncaught_exception' | 'unhandled_rejection') => void;

/** Logs one error nobody caught, at most LAST_RESORT_LOGGED_PER_WINDOW a minute (a storm must not fill the disk). */
export function lastResortHandler(logger: AgentLogger, options: LastResortOptions = {}): LastResortHandler {
  const now = options.now ?? Date.now;
  let windowStart = Number.NEGATIVE_INFINITY;
  let logged = 0;
  let suppressed = 0;
  return (error, origin) => {
    if (now() - windowStart >= WINDOW_MS) {
      windowStart = now();
      logged = 0;
    }
    if (logged >= LAST_RESORT_LOGGED_PER_WINDOW) {
      suppressed += 1;
      return;
    }
    logged += 1;
    logger.error('uncaught_error', { origin, ...describe(error), ...(suppressed > 0 ? { suppressedBefore: suppressed } : {}) });
    suppressed = 0;
  };
}

function describe(error: unknown): Record<string, unknown> {
  const code = (error as { code?: unknown } | null)?.code;
  const stack = error instanceof Error ? error.stack?.split('\n').slice(1, 6).map((line) => line.trim()) : undefined;
  return { error: errorText(error), ...(typeof code === 'string' ? { code } : {}), ...(stack ? { stack } : {}) };
}

/** Installs the handler on the process; answers a function that takes it off again. */
export function installLastResort(logger: AgentLogger, options: LastResortOptions = {}): () => void {
  const handle = lastResortHandler(logger, options);
  const onException = (error: unknown): void => handle(error, 'uncaught_exception');
  const onRejection = (reason: unknown): void => handle(reason, 'unhandled_rejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
