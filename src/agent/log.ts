import type { LogLevel } from './config.js';

/** One JSON line per state change: `{"time","level","event",...fields}`. */

export type LogFields = Record<string, unknown>;

export interface AgentLogger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

type Level = Exclude<LogLevel, 'silent'>;

export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): AgentLogger {
  const emit = (at: Level) => (event: string, fields: LogFields = {}) => {
    if (RANK[at] < RANK[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: at, event, ...fields }));
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

export const silentLogger: AgentLogger = createLogger('silent', () => undefined);

/** The message of anything thrown, for a log field. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
