import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../helpers.js';
import { HOP, history, mtrNodes, mtrResult, readRun, startRun, takeJobs, type MtrNodes } from './mtr-helpers.js';

let server: TestServer;
let token: string;
let nodes: MtrNodes;
beforeEach(async () => {
  server = await createTestServer();
  token = await server.login();
  nodes = await mtrNodes(server);
});
afterEach(() => server.close());

const stateOf = (run: Awaited<ReturnType<typeof readRun>>, nodeId: number) => run.nodeResults.find((node) => node.nodeId === nodeId);

async function runOn(nodeIds: number[], target = '127.0.0.1', count = 3): Promise<number> {
  const response = await startRun(server, token, { target, nodeIds, count });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

describe('an MTR run', () => {
  it('gives each node its state at once: queued, private target refused, no mtr, offline', async () => {
    const all = [nodes.ready.nodeId, nodes.privateRefusing.nodeId, nodes.noTool.nodeId, nodes.offline];
    const id = await runOn(all);
    const run = await readRun(server, token, id);
    expect(run).toMatchObject({ id, target: '127.0.0.1', count: 3, active: true, nodes: 4, done: 0 });
    expect(run.nodeResults.map((node) => [node.nodeId, node.state])).toEqual([
      [nodes.ready.nodeId, 'queued'],
      [nodes.privateRefusing.nodeId, 'private_refused'],
      [nodes.noTool.nodeId, 'no_tool'],
      [nodes.offline, 'offline'],
    ]);
    expect(run.nodeResults[0]?.nodeName).not.toBe('');
    // Only the node that can run it was given a job.
    expect(await takeJobs(nodes.privateRefusing)).toEqual([]);
    expect(await takeJobs(nodes.noTool)).toEqual([]);
  });

  it('a public target is no private target: the refusing node gets it', async () => {
    const id = await runOn([nodes.privateRefusing.nodeId], 'example.com');
    expect(stateOf(await readRun(server, token, id), nodes.privateRefusing.nodeId)?.state).toBe('queued');
    expect((await takeJobs(nodes.privateRefusing))[0]?.options).toMatchObject({ type: 'mtr', host: 'example.com', count: 3 });
  });

  it('shows the hops the agent reports while mtr runs, then its report', async () => {
    const id = await runOn([nodes.ready.nodeId]);
    const [job] = await takeJobs(nodes.ready);
    if (!job) throw new Error('no job handed out');
    expect(job.options).toMatchObject({ type: 'mtr', host: '127.0.0.1', count: 3 });
    expect(stateOf(await readRun(server, token, id), nodes.ready.nodeId)).toMatchObject({ state: 'running', hops: [] });

    const partial = { ...HOP, sent: 1, lossPercent: 0 };
    const progress = await nodes.ready.call('/agent/job-progress', { jobId: job.jobId, ip: '127.0.0.1', hops: [partial] });
    expect(progress.json.data).toEqual({ stored: true });
    expect(stateOf(await readRun(server, token, id), nodes.ready.nodeId)).toMatchObject({ state: 'running', ip: '127.0.0.1', hops: [partial] });

    await nodes.ready.call('/agent/job-result', { jobId: job.jobId, result: mtrResult(server) });
    const run = await readRun(server, token, id);
    expect(run).toMatchObject({ active: false, done: 1 });
    expect(stateOf(run, nodes.ready.nodeId)).toMatchObject({ state: 'done', ip: '127.0.0.1', failure: null, hops: [HOP] });
    // A late progress report changes nothing.
    const late = await nodes.ready.call('/agent/job-progress', { jobId: job.jobId, ip: '127.0.0.1', hops: [partial] });
    expect(late.json.data).toEqual({ stored: false });
    expect(stateOf(await readRun(server, token, id), nodes.ready.nodeId)?.hops).toEqual([HOP]);
  });

  it("refuses another node's progress report for a job (2001)", async () => {
    await runOn([nodes.ready.nodeId]);
    const [job] = await takeJobs(nodes.ready);
    const answer = await nodes.noTool.call('/agent/job-progress', { jobId: job?.jobId, ip: null, hops: [] });
    expect(answer.json.code).toBe(2001);
  });

  it('says in its state why a node gave no report: not reached, failed, no tool, refused, timed out, never taken', async () => {
    const reached = await runOn([nodes.ready.nodeId]);
    const [job] = await takeJobs(nodes.ready);
    const unreachable = mtrResult(server, { ok: false, failure: { source: 'target', code: 'unreachable' }, details: { ip: '127.0.0.1', hops: [{ ...HOP, host: null, lossPercent: 100 }] } });
    await nodes.ready.call('/agent/job-result', { jobId: job?.jobId, result: unreachable });
    expect(stateOf(await readRun(server, token, reached), nodes.ready.nodeId)).toMatchObject({ state: 'done', failure: { code: 'unreachable' } });

    const outcomes = [
      [{ source: 'probe', code: 'tool_error', detail: 'mtr: Failure to open IPv4 sockets' }, 'failed'],
      [{ source: 'probe', code: 'tool_missing', detail: 'mtr' }, 'no_tool'],
      [{ source: 'probe', code: 'target_not_allowed' }, 'private_refused'],
    ] as const;
    for (const [failure, state] of outcomes) {
      const id = await runOn([nodes.ready.nodeId], 'example.com');
      const [next] = await takeJobs(nodes.ready);
      await nodes.ready.call('/agent/job-result', { jobId: next?.jobId, result: mtrResult(server, { ok: false, failure, details: null }) });
      expect(stateOf(await readRun(server, token, id), nodes.ready.nodeId)).toMatchObject({ state, failure });
    }

    const taken = await runOn([nodes.ready.nodeId]);
    await takeJobs(nodes.ready);
    const neverTaken = await runOn([nodes.ready.nodeId]);
    server.clock.advanceSeconds(10 * 60);
    expect(stateOf(await readRun(server, token, taken), nodes.ready.nodeId)?.state).toBe('timed_out');
    expect(stateOf(await readRun(server, token, neverTaken), nodes.ready.nodeId)?.state).toBe('offline');
  });
});

describe('MTR history', () => {
  it("lists the customer's runs newest first, paged, with how many nodes are done", async () => {
    const first = await runOn([nodes.ready.nodeId], 'example.com');
    server.clock.advanceSeconds(1);
    const second = await runOn([nodes.ready.nodeId, nodes.offline], '127.0.0.1', 5);
    const page = await history(server, token, { page: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.list.map((run) => [run.id, run.target, run.count, run.nodes, run.active])).toEqual([
      [second, '127.0.0.1', 5, 2, true],
      [first, 'example.com', 3, 1, true],
    ]);
    const paged = await history(server, token, { page: 2, pageSize: 10 });
    expect(paged).toEqual({ total: 2, list: [] });
  });

  it('keeps runs 30 days, then prunes them', async () => {
    await runOn([nodes.offline]);
    server.clock.advanceSeconds(31 * 86_400);
    expect((await history(server, await server.login())).total).toBe(0);
    const { pruneMtrRuns } = await import('../../../src/server/modules/mtr/prune.js');
    expect(await pruneMtrRuns(server.db, server.clock.now() - 30 * 86_400_000)).toBe(1);
    expect(await server.db.selectFrom('mtr_run_nodes').selectAll().execute()).toEqual([]);
  });
});
