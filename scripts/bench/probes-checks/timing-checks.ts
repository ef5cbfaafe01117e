// The agent's side of the timing-accuracy figure: HTTP checks through the agent's runner against
// the target that holds its first byte, `count` of them started over `spreadMs` (0: all at once),
// with room for all of them to run at the same time. Answers each request path's measured TTFB.
import { CheckRunner } from '../../../src/agent/runner.js';
import type { Assignment, ResultItem } from '../../../src/shared/calls/agent-work.js';
import { CheckOptions } from '../../../src/shared/probe/options.js';
import { serveParent } from './proc.js';

export interface TimingRound {
  port: number;
  round: number;
  count: number;
  spreadMs: number;
}

/** Request path → measured TTFB ms (null when the check failed). */
export type MeasuredTtfb = Record<string, number | null>;

const pathOf = (round: number, index: number): string => `/held/${round}-${index}`;

function assignmentOf(request: TimingRound, index: number): Assignment {
  const options = CheckOptions.parse({ type: 3, host: '127.0.0.1', port: request.port, path: pathOf(request.round, index) });
  return { taskId: index + 1, taskVersion: 1, frequencyMinutes: 1, options, matchingIps: [] };
}

function runRound(request: TimingRound): Promise<MeasuredTtfb> {
  const measured: MeasuredTtfb = {};
  return new Promise((resolve) => {
    const onResult = (item: ResultItem): void => {
      const { result } = item;
      const ttfb = result.ok && (result.type === 3 || result.type === 4) ? (result.details?.timings.ttfbMs ?? null) : null;
      measured[pathOf(request.round, item.taskId - 1)] = ttfb;
      if (Object.keys(measured).length === request.count) resolve(measured);
    };
    const runner = new CheckRunner({ concurrency: request.count, allowPrivateTargets: () => true, onResult });
    const assignments = Array.from({ length: request.count }, (_, index) => assignmentOf(request, index));
    if (request.spreadMs === 0) return runner.runDue(assignments);
    assignments.forEach((assignment, index) => setTimeout(() => runner.runDue([assignment]), (index * request.spreadMs) / request.count));
  });
}

serveParent(null, { round: (payload) => runRound(payload as TimingRound) });
