import { describe, expect, it } from 'vitest';
import { LAST_RESORT_LOGGED_PER_WINDOW, lastResortHandler } from '../../src/agent/last-resort.js';
import { createLogger } from '../../src/agent/log.js';

interface Line {
  level: string;
  event: string;
  origin?: string;
  error?: string;
  code?: string;
  stack?: string[];
  suppressedBefore?: number;
}

function handlerWithClock() {
  const lines: Line[] = [];
  let now = Date.parse('2026-11-26T00:00:00Z');
  const handle = lastResortHandler(
    createLogger('info', (line) => lines.push(JSON.parse(line) as Line)),
    { now: () => now },
  );
  return { lines, handle, advance: (ms: number) => (now += ms) };
}

describe("the agent's last resort", () => {
  it('logs an error nobody caught as one structured line, with its code and where it came from', () => {
    const { lines, handle } = handlerWithClock();
    handle(Object.assign(new RangeError('Port should be > 0 and < 65536'), { code: 'ERR_SOCKET_BAD_PORT' }), 'uncaught_exception');
    handle('a plain rejection', 'unhandled_rejection');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 'error', event: 'uncaught_error', origin: 'uncaught_exception', code: 'ERR_SOCKET_BAD_PORT' });
    expect(lines[0]?.stack?.length).toBeGreaterThan(0);
    expect(lines[1]).toMatchObject({ event: 'uncaught_error', origin: 'unhandled_rejection', error: 'a plain rejection' });
  });

  it('logs a storm only in part and says how many it left out', () => {
    const { lines, handle, advance } = handlerWithClock();
    for (let index = 0; index < LAST_RESORT_LOGGED_PER_WINDOW + 25; index += 1) handle(new Error(`error ${index}`), 'uncaught_exception');
    expect(lines).toHaveLength(LAST_RESORT_LOGGED_PER_WINDOW);
    advance(60_000);
    handle(new Error('after the storm'), 'uncaught_exception');
    expect(lines.at(-1)).toMatchObject({ error: 'after the storm', suppressedBefore: 25 });
  });
});
