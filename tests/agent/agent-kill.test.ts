import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { type AnswerDroppingProxy, startAnswerDroppingProxy } from './helpers/answer-dropping-proxy.js';
import { createHarness, type Harness, storedResults, waitFor } from './helpers/agent-harness.js';
import { type Running, startTcpListener } from './helpers/servers.js';

/** An agent process killed outright (SIGKILL) in the middle of delivering: nothing is stored twice. */

let harness: Harness;
let target: Running;
let proxy: AnswerDroppingProxy;
let dataDir: string;
const children: ChildProcess[] = [];

beforeEach(async () => {
  harness = await createHarness();
  target = await startTcpListener();
  proxy = await startAnswerDroppingProxy(harness.url);
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-agent-kill-'));
});
afterEach(async () => {
  children.forEach((child) => child.kill('SIGKILL'));
  await proxy.close();
  await harness.close();
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function startAgentProcess(serverUrl: string): ChildProcess {
  const args = ['--import', 'tsx', 'src/agent/main.ts', '--server', serverUrl, '--key', harness.key, '--data-dir', dataDir, '--allow-private'];
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  children.push(child);
  return child;
}

const batchesInSpool = () => readdirSync(join(dataDir, 'spool')).filter((name) => name.endsWith('.json')).length;

describe('an agent killed mid-delivery', () => {
  it('resends the batch the server already stored after a restart, and the server stores it once', async () => {
    const tasks = await Promise.all(
      [1, 2, 3].map((serial) => harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port, name: `tcp ${serial}` })),
    );
    proxy.dropAnswers = true;
    const first = startAgentProcess(proxy.url);
    // The server stores the batch; the agent never hears so and keeps it in its spool.
    await waitFor('a stored batch whose answer was lost', () => proxy.dropped >= 2, 40_000);
    const storedBeforeKill = await Promise.all(tasks.map((task) => storedResults(harness.server, task.id)));
    expect(storedBeforeKill.every((stored) => stored.rows >= 1)).toBe(true);
    const exited = new Promise((resolve) => first.on('exit', resolve));
    first.kill('SIGKILL');
    await exited;
    expect(batchesInSpool()).toBeGreaterThan(0);

    // Restarted on the same data directory (the dead process's lock is taken over), straight to the server.
    startAgentProcess(harness.url);
    await waitFor('the spool drained', () => batchesInSpool() === 0, 40_000);
    // A task may legitimately run again meanwhile (its phase came round); no result is there twice.
    for (const [index, task] of tasks.entries()) {
      const stored = await storedResults(harness.server, task.id);
      expect(stored.repeated).toBe(0);
      expect(stored.rows).toBeGreaterThanOrEqual(storedBeforeKill[index]?.rows ?? 1);
    }
  }, 120_000);
});
