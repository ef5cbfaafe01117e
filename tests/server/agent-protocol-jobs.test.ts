import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AGENT_JOBS_PER_POLL_MAX,
  JobsAnswer,
  ON_DEMAND_JOBS_PER_CUSTOMER_MAX,
  ON_DEMAND_JOBS_PER_NODE_MAX,
} from '../../src/shared/calls/agent-work.js';
import type { CheckResult } from '../../src/shared/probe/results.js';
import { AppError } from '../../src/server/http/app-error.js';
import { jobOutcome, requestJob } from '../../src/server/modules/agents/jobs-service.js';
import { addCustomer, createTestServer, type TestServer } from './helpers.js';
import { heartbeat, pollWaiting, startAgent, type TestAgent } from './agent-helpers.js';

async function errorCodeOf(promise: Promise<unknown>): Promise<number | undefined> {
  const caught: unknown = await promise.then(() => undefined, (error: unknown) => error);
  if (caught === undefined) return undefined;
  if (caught instanceof AppError) return caught.code;
  throw caught;
}

function mtrResult(startedAt: number): CheckResult {
  return {
    type: 'mtr',
    ok: true,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: 10_250,
    failure: null,
    resolvedIps: ['127.0.0.1'],
    ipMatched: null,
    details: {
      ip: '127.0.0.1',
      hops: [{ ttl: 1, host: '127.0.0.1', lossPercent: 0, sent: 10, lastMs: 0.05, avgMs: 0.06, bestMs: 0.04, worstMs: 0.09, stdevMs: 0.01 }],
    },
  };
}

const MTR = { type: 'mtr', host: '127.0.0.1', count: 10 } as const;

let server: TestServer;
let tokyo: TestAgent;
beforeEach(async () => {
  server = await createTestServer();
  tokyo = await startAgent(server, 'jp-tokyo');
});
afterEach(() => server.close());

const poll = async (agent: TestAgent, waitMs: number) => {
  const answer = await agent.call('/agent/jobs', { waitMs });
  expect(answer.statusCode).toBe(200);
  return JobsAnswer.parse(answer.json.data).jobs;
};

describe('on-demand jobs', () => {
  it('hands a requested job to the waiting long poll, stores its result, and shows the outcome', async () => {
    const pollWaits = pollWaiting(server.app.vigil.jobSignals, tokyo.nodeId);
    const waiting = poll(tokyo, 20_000);
    await pollWaits;
    const jobId = await requestJob(server.app.vigil, server.custId, tokyo.nodeId, MTR);
    expect(jobId.length).toBeGreaterThanOrEqual(40);
    const jobs = await waiting;
    expect(jobs).toEqual([{ jobId, options: { type: 'mtr', host: '127.0.0.1', count: 10, maxHops: 30, timeoutMs: 120_000 } }]);
    expect(await jobOutcome(server.app.vigil, server.custId, jobId)).toMatchObject({ state: 'taken', result: null, nodeId: tokyo.nodeId });
    // Taken once: the next poll does not see it again.
    expect(await poll(tokyo, 0)).toEqual([]);

    const result = mtrResult(server.clock.now());
    expect((await tokyo.call('/agent/job-result', { jobId, result })).json.data).toEqual({ stored: true });
    const outcome = await jobOutcome(server.app.vigil, server.custId, jobId);
    expect(outcome).toMatchObject({ jobId, state: 'done', result, doneAt: new Date(server.clock.now()).toISOString() });
    // A resend keeps the first result.
    expect((await tokyo.call('/agent/job-result', { jobId, result: { ...result, durationMs: 1 } })).json.data).toEqual({ stored: false });
    expect((await jobOutcome(server.app.vigil, server.custId, jobId)).result).toEqual(result);
  });

  it('answers a job queued before the poll at once', async () => {
    const jobId = await requestJob(server.app.vigil, server.custId, tokyo.nodeId, MTR);
    expect((await poll(tokyo, 20_000)).map((job) => job.jobId)).toEqual([jobId]);
  });

  it('answers an empty list after waitMs when no job comes', async () => {
    const started = Date.now();
    expect(await poll(tokyo, 300)).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('releases a held poll when the server closes', async () => {
    const pollWaits = pollWaiting(server.app.vigil.jobSignals, tokyo.nodeId);
    const waiting = poll(tokyo, 20_000);
    await pollWaits;
    const closing = server.app.close();
    expect(await waiting).toEqual([]);
    await closing;
    await server.restart();
  });

  it("keeps jobs to their customer (2001) and their node (2001)", async () => {
    const otherCustomer = await addCustomer(server, 'Other Co');
    const jobId = await requestJob(server.app.vigil, server.custId, tokyo.nodeId, MTR);
    expect(await errorCodeOf(jobOutcome(server.app.vigil, otherCustomer, jobId))).toBe(2001);
    expect(await errorCodeOf(jobOutcome(server.app.vigil, server.custId, 'no-such-job'))).toBe(2001);

    const seoul = await startAgent(server, 'kr-seoul');
    expect(await poll(seoul, 0)).toEqual([]);
    const taken = await poll(tokyo, 0);
    expect(taken.map((job) => job.jobId)).toEqual([jobId]);
    const foreign = await seoul.call('/agent/job-result', { jobId, result: mtrResult(server.clock.now()) });
    expect([foreign.statusCode, foreign.json.code]).toEqual([404, 2001]);
    expect((await jobOutcome(server.app.vigil, server.custId, jobId)).state).toBe('taken');
  });

  it('refuses a node without a usable agent (2554), an unknown node (2304) and other job types (1001)', async () => {
    const idOf = async (slug: string) => (await server.db.selectFrom('nodes').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    expect(await errorCodeOf(requestJob(server.app.vigil, server.custId, await idOf('sg-singapore'), MTR))).toBe(2554);
    for (let beat = 0; beat < 4; beat += 1) {
      server.clock.advanceSeconds(30);
      await heartbeat(tokyo, false);
    }
    expect(await errorCodeOf(requestJob(server.app.vigil, server.custId, tokyo.nodeId, MTR))).toBe(2554);
    expect(await errorCodeOf(requestJob(server.app.vigil, server.custId, 987_654, MTR))).toBe(2304);
    const seoul = await startAgent(server, 'kr-seoul');
    const icmp = requestJob(server.app.vigil, server.custId, seoul.nodeId, { type: 1, host: '127.0.0.1' });
    expect(await errorCodeOf(icmp)).toBe(1001);
    const noHost = await requestJob(server.app.vigil, server.custId, seoul.nodeId, { type: 'mtr', host: '' }).catch((error: unknown) => error);
    expect((noHost as AppError).data?.errors.map((entry) => entry.field)).toEqual(['options.host']);
  });

  it('expires a job no agent takes within 60 s', async () => {
    const jobId = await requestJob(server.app.vigil, server.custId, tokyo.nodeId, MTR);
    server.clock.advanceSeconds(61);
    expect(await poll(tokyo, 0)).toEqual([]);
    expect(await jobOutcome(server.app.vigil, server.custId, jobId)).toMatchObject({ state: 'expired', result: null, takenAt: null });
  });

  it('refuses a result of another type than the job (1001)', async () => {
    const jobId = await requestJob(server.app.vigil, server.custId, tokyo.nodeId, MTR);
    await poll(tokyo, 0);
    const icmp: CheckResult = {
      type: 1,
      ok: true,
      startedAt: new Date(server.clock.now()).toISOString(),
      durationMs: 1,
      failure: null,
      resolvedIps: [],
      ipMatched: null,
      details: null,
    };
    expect((await tokyo.call('/agent/job-result', { jobId, result: icmp })).json.code).toBe(1001);
    expect((await tokyo.call('/agent/job-result', { jobId, result: { type: 'mtr' } })).json.code).toBe(1001);
  });

  it('is busy (2555) past the outstanding jobs a node or a customer may have, and hands out at most 2 per poll', async () => {
    const seoul = await startAgent(server, 'kr-seoul');
    const singapore = await startAgent(server, 'sg-singapore');
    const otherCustomer = await addCustomer(server, 'Other Ltd');
    const ask = (custId: number, nodeId: number) => requestJob(server.app.vigil, custId, nodeId, MTR);

    const tokyoJobs: string[] = [];
    for (let index = 0; index < ON_DEMAND_JOBS_PER_NODE_MAX; index += 1) tokyoJobs.push(await ask(server.custId, tokyo.nodeId));
    expect(await errorCodeOf(ask(server.custId, tokyo.nodeId))).toBe(2555);
    // The node is full whoever asks.
    expect(await errorCodeOf(ask(otherCustomer, tokyo.nodeId))).toBe(2555);
    for (let index = 0; index < ON_DEMAND_JOBS_PER_CUSTOMER_MAX - ON_DEMAND_JOBS_PER_NODE_MAX; index += 1) await ask(server.custId, seoul.nodeId);
    // The customer is full on a node with room; another customer is not.
    expect(await errorCodeOf(ask(server.custId, singapore.nodeId))).toBe(2555);
    expect(await errorCodeOf(ask(otherCustomer, singapore.nodeId))).toBeUndefined();

    const first = await poll(tokyo, 0);
    expect(first.map((job) => job.jobId)).toEqual(tokyoJobs.slice(0, AGENT_JOBS_PER_POLL_MAX));
    expect((await poll(tokyo, 0)).map((job) => job.jobId)).toEqual(tokyoJobs.slice(AGENT_JOBS_PER_POLL_MAX, 2 * AGENT_JOBS_PER_POLL_MAX));
    // Taken jobs still count until their result arrives.
    expect(await errorCodeOf(ask(server.custId, tokyo.nodeId))).toBe(2555);
    for (const job of first) await tokyo.call('/agent/job-result', { jobId: job.jobId, result: mtrResult(server.clock.now()) });
    expect(await errorCodeOf(ask(server.custId, tokyo.nodeId))).toBeUndefined();
    // Expired jobs free their places too.
    server.clock.advanceSeconds(61);
    await heartbeat(seoul, true);
    expect(await errorCodeOf(ask(server.custId, seoul.nodeId))).toBeUndefined();
  });
});
