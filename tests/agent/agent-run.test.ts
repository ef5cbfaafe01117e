import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { NodeListAnswer } from '../../src/shared/calls/nodes.js';
import { latestByTask } from '../../src/server/results/index.js';
import { jobOutcome, requestJob } from '../../src/server/modules/agents/jobs-service.js';
import { deployResult } from '../../src/server/modules/deployments/service.js';
import { CHECKS } from '../../src/agent/checks/registry.js';
import { createMtrCheck } from '../../src/agent/checks/mtr/index.js';
import { runTool, type ToolRunner } from '../../src/agent/checks/tools.js';
import { TOOL_JOBS_AT_ONCE } from '../../src/agent/jobs.js';
import { createHarness, type Harness, storedResults, waitFor } from './helpers/agent-harness.js';
import { type Running, startHttpServer, startTcpListener } from './helpers/servers.js';

let harness: Harness;
const targets: Running[] = [];

beforeEach(async () => {
  harness = await createHarness();
});
afterEach(async () => {
  await harness.close();
  await Promise.all(targets.splice(0).map((target) => target.close()));
});

async function localNodeView(token: string) {
  const { country } = await harness.server.db.selectFrom('nodes').select('country').where('id', '=', harness.nodeId).executeTakeFirstOrThrow();
  const response = await harness.server.call('/nodes/list', { token, body: { country, page: 1, pageSize: 100 } });
  const node = NodeListAnswer.parse(response.json().data).list.find((entry) => entry.id === harness.nodeId);
  if (!node) throw new Error('Local node not listed');
  return node;
}

describe('a probe agent against the real server', () => {
  it('registers, becomes usable, completes the deployment and delivers real results', async () => {
    const tcp = await startTcpListener();
    const http = await startHttpServer();
    targets.push(tcp, http);
    const tcpTask = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: tcp.port });
    const httpTask = await harness.task({ type: MONITOR_TYPES.HTTP, domain: '127.0.0.1', port: http.port, otherPath: '/ok' });
    const icmpTask = await harness.task({ type: MONITOR_TYPES.ICMP, domain: '127.0.0.1' });
    const ctx = harness.server.app.vigil;
    expect((await deployResult(ctx, harness.server.custId, tcpTask.id)).deployStatus).toBe('processing');

    const { handle, lines } = harness.agent();
    await waitFor('results of every task', async () => {
      const stored = await Promise.all([tcpTask, httpTask, icmpTask].map((task) => storedResults(harness.server, task.id)));
      return stored.every((entry) => entry.rows > 0);
    });

    expect(handle.status()).toMatchObject({ registered: true, nodeId: harness.nodeId, allowPrivateTargets: true, assignments: 3 });
    expect(lines.some((line) => line.event === 'registered')).toBe(true);
    const token = await harness.server.login();
    const node = await localNodeView(token);
    expect(node.status).toBe('usable');
    expect(node.capabilities).toMatchObject({ traceroute: true, mtr: true });

    for (const task of [tcpTask, httpTask, icmpTask]) {
      await waitFor(`deployment of task ${task.id} completed`, async () => (await deployResult(ctx, harness.server.custId, task.id)).deployStatus === 'completed');
    }
    const [tcpLatest] = await latestByTask(ctx, harness.server.custId, tcpTask.id);
    expect(tcpLatest).toMatchObject({ nodeId: harness.nodeId, ok: true });
    expect(tcpLatest?.result).toMatchObject({ type: MONITOR_TYPES.TCP, details: { ip: '127.0.0.1', port: tcp.port } });
    const [httpLatest] = await latestByTask(ctx, harness.server.custId, httpTask.id);
    expect(httpLatest).toMatchObject({ ok: true, statusCode: 200 });
    const [icmpLatest] = await latestByTask(ctx, harness.server.custId, icmpTask.id);
    expect(icmpLatest?.result).toMatchObject({ type: MONITOR_TYPES.ICMP, ok: true, details: { ip: '127.0.0.1', lossPercent: 0 } });
  }, 60_000);

  it('keeps running its tasks on schedule, one result per run', async () => {
    const tcp = await startTcpListener();
    targets.push(tcp);
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: tcp.port });
    const { handle } = harness.agent();
    // A one-second "minute": the first run at once, then one a period.
    await waitFor('four results', async () => (await storedResults(harness.server, task.id)).rows >= 4, 30_000);
    const stored = await storedResults(harness.server, task.id);
    expect(stored.repeated).toBe(0);
    expect(handle.status().checksSkipped).toBe(0);
  }, 60_000);

  it('reports a closed port as a failure of the target, not a missing result', async () => {
    const tcp = await startTcpListener();
    const port = tcp.port;
    await tcp.close();
    const task = await harness.task({ type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port });
    harness.agent();
    await waitFor('a result', async () => (await storedResults(harness.server, task.id)).rows > 0);
    const [latest] = await latestByTask(harness.server.app.vigil, harness.server.custId, task.id);
    expect(latest).toMatchObject({ ok: false, failureSource: 'target', failureCode: 'refused' });
  }, 60_000);

  it('stops with a clear reason when the server refuses its key', async () => {
    const { handle, lines } = harness.agent({ key: 'vgn_not-a-key-the-server-made' });
    await expect(handle.stopped).resolves.toBe('key_refused');
    const refused = lines.find((line) => line.event === 'key_refused');
    expect(String(refused?.message)).toMatch(/refused the node key/);
    expect(handle.status().registered).toBe(false);
  }, 30_000);

  it('runs an on-demand MTR job through the job path and posts its result', async () => {
    const { handle } = harness.agent();
    await waitFor('registration', () => handle.status().registered);
    const ctx = harness.server.app.vigil;
    const jobId = await requestJob(ctx, harness.server.custId, harness.nodeId, { type: 'mtr', host: '127.0.0.1', count: 2, timeoutMs: 20_000 });
    await waitFor('the job result', async () => (await jobOutcome(ctx, harness.server.custId, jobId)).state === 'done', 40_000);
    const outcome = await jobOutcome(ctx, harness.server.custId, jobId);
    expect(outcome.result).toMatchObject({ type: 'mtr', resolvedIps: ['127.0.0.1'] });
    expect(outcome.result?.failure?.source).not.toBe('resolver');
  }, 60_000);

  it('runs a burst of MTR jobs a few at a time, and every one of them', async () => {
    let running = 0;
    let most = 0;
    const counting: ToolRunner = async (tool, args, options) => {
      running += 1;
      most = Math.max(most, running);
      try {
        return await runTool(tool, args, options);
      } finally {
        running -= 1;
      }
    };
    const { handle } = harness.agent({ deps: { registry: { ...CHECKS, mtr: createMtrCheck({ runTool: counting }) } } });
    await waitFor('registration', () => handle.status().registered);
    const ctx = harness.server.app.vigil;
    const jobIds: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      jobIds.push(await requestJob(ctx, harness.server.custId, harness.nodeId, { type: 'mtr', host: '127.0.0.1', count: 1, timeoutMs: 20_000 }));
    }
    const states = async () => Promise.all(jobIds.map(async (jobId) => (await jobOutcome(ctx, harness.server.custId, jobId)).state));
    await waitFor('every job result', async () => (await states()).every((state) => state === 'done'), 60_000);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(TOOL_JOBS_AT_ONCE);
  }, 90_000);
});
