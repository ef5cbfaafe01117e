import { describe, expect, it } from 'vitest';
import type { Assignment, ResultItem } from '../../src/shared/calls/agent-work.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { CheckOptions, type CheckOptionsInput } from '../../src/shared/probe/options.js';
import { CHECKS } from '../../src/agent/checks/registry.js';
import { createIcmpCheck } from '../../src/agent/checks/icmp/index.js';
import { runTool, type ToolRunner } from '../../src/agent/checks/tools.js';
import { CheckRunner } from '../../src/agent/runner.js';
import { waitFor } from './helpers/agent-harness.js';
import { startHttpServer } from './helpers/servers.js';

function assignment(taskId: number, options: CheckOptionsInput): Assignment {
  return { taskId, taskVersion: 1, frequencyMinutes: 1, options: CheckOptions.parse(options), matchingIps: [] };
}

describe('the check runner', () => {
  it('has one module for every check type', () => {
    expect(Object.keys(CHECKS).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7', 'mtr']);
    for (const [type, module] of Object.entries(CHECKS)) expect(String(module.type)).toBe(type);
  });

  it('runs ICMP checks coming due close together in one tool process', async () => {
    const spawned: string[] = [];
    const counting: ToolRunner = (tool, args, options) => {
      spawned.push(tool);
      return runTool(tool, args, options);
    };
    const results: ResultItem[] = [];
    const runner = new CheckRunner({
      concurrency: 8,
      allowPrivateTargets: () => true,
      onResult: (item) => results.push(item),
      registry: { ...CHECKS, [MONITOR_TYPES.ICMP]: createIcmpCheck({ runTool: counting }) },
      // A window far longer than the test: the batch starts when the third check joins, not on a timer.
      icmpWindowMs: 60_000,
      icmpMaxJobs: 3,
    });
    const icmp = (taskId: number) => assignment(taskId, { type: MONITOR_TYPES.ICMP, host: '127.0.0.1', count: 2, timeoutMs: 2_000 });
    runner.runDue([icmp(1), icmp(2)], Date.now());
    // Due a moment later (spread phases): still the same process.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(spawned).toHaveLength(0);
    runner.runDue([icmp(3)], Date.now());
    await waitFor('three results', () => results.length === 3);
    expect(spawned).toHaveLength(1);
    expect(results.map((item) => item.taskId).sort()).toEqual([1, 2, 3]);
    for (const item of results) expect(item.result).toMatchObject({ type: MONITOR_TYPES.ICMP, ok: true, details: { received: 2 } });
  }, 30_000);

  it('skips a run that comes due while the same task still runs, and records nothing after a stop', async () => {
    const target = await startHttpServer();
    try {
      const results: ResultItem[] = [];
      const runner = new CheckRunner({ concurrency: 4, allowPrivateTargets: () => true, onResult: (item) => results.push(item) });
      const silent = assignment(7, { type: MONITOR_TYPES.HTTP, host: '127.0.0.1', port: target.port, path: '/silent', timeoutMs: 10_000 });
      runner.runDue([silent]);
      runner.runDue([silent]);
      expect(runner.skipped).toBe(1);
      expect(runner.pending).toBe(1);
      await runner.stop();
      expect(results).toEqual([]);
    } finally {
      await target.close();
    }
  }, 30_000);

  it('refuses private targets unless the node allows them', async () => {
    const results: ResultItem[] = [];
    const runner = new CheckRunner({ concurrency: 2, allowPrivateTargets: () => false, onResult: (item) => results.push(item) });
    runner.runDue([assignment(9, { type: MONITOR_TYPES.TCP, host: '127.0.0.1', port: 9 })]);
    await waitFor('a result', () => results.length === 1);
    expect(results[0]?.result.failure).toEqual({ source: 'probe', code: 'target_not_allowed' });
  });
});
