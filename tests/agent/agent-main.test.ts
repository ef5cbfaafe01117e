import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { createHarness, type Harness, storedResults, waitFor } from './helpers/agent-harness.js';
import { type Running, startTcpListener } from './helpers/servers.js';

/** `npm run agent` as an operator runs it: a separate process configured by its command line. */

let harness: Harness;
let target: Running;
let dataDir: string;
beforeEach(async () => {
  harness = await createHarness();
  target = await startTcpListener();
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-agent-process-'));
});
afterEach(async () => {
  await harness.close();
  await target.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the agent process', () => {
  it('runs from its command line, logs JSON lines, and stops cleanly on SIGTERM', async () => {
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: target.port });
    const args = ['--import', 'tsx', 'src/agent/main.ts', '--server', harness.url, '--key', harness.key, '--data-dir', dataDir, '--allow-private', '--log-level', 'info'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const events: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      events.push((JSON.parse(line) as { event: string }).event);
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await waitFor('the first result', async () => (await storedResults(harness.server, task.id)).rows > 0, 40_000);
    expect(events).toContain('registered');

    // A second agent on the same data directory is refused, saying why, and the first runs on.
    const second = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let complaint = '';
    second.stderr.on('data', (chunk: Buffer) => (complaint += chunk.toString()));
    expect(await new Promise<number | null>((resolve) => second.on('exit', (code) => resolve(code)))).toBe(1);
    expect(complaint).toContain(`another agent (pid ${child.pid}) is using the data directory`);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(events.at(-1)).toBe('stopped');
  }, 60_000);
});
