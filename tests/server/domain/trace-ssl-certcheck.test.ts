import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/server/http/app-error.js';
import { requestJob } from '../../../src/server/modules/agents/jobs-service.js';
import { certCheck } from '../../../src/server/modules/domain/ssl-certcheck.js';
import { JobsAnswer } from '../../../src/shared/calls/agent-work.js';
import { CertCheckAnswer } from '../../../src/shared/calls/domain-trace-ssl.js';
import { SSL_STATUS } from '../../../src/shared/codes.js';
import { startAgent, type TestAgent } from '../agent-helpers.js';
import { domainFixture, type DomainFixture } from './domain-helpers.js';
import { certificateOf, sslBody, sslRun } from './trace-ssl-helpers.js';

// /domain/ssl/certcheck through the agent job path, with the agent's two calls made by the test
// (the real agent's run is in trace-ssl-certcheck-agent.test.ts).

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

async function errorCodeOf(promise: Promise<unknown>): Promise<number | undefined> {
  const caught: unknown = await promise.then(() => undefined, (error: unknown) => error);
  if (caught === undefined) return undefined;
  if (caught instanceof AppError) return caught.code;
  throw caught;
}

/** The agent's side: waits for the node's next job and answers it with `answer(job options)`. */
async function serveOneJob(agent: TestAgent, answer: (options: { host: string; port: number }) => unknown): Promise<{ host: string; port: number }> {
  for (;;) {
    const polled = await agent.call('/agent/jobs', { waitMs: 5_000 });
    const [job] = JobsAnswer.parse(polled.json.data).jobs;
    if (!job) continue;
    if (job.options.type !== 7) throw new Error(`unexpected job ${JSON.stringify(job.options)}`);
    const stored = await agent.call('/agent/job-result', { jobId: job.jobId, result: answer(job.options) });
    expect(stored.json.data).toEqual({ stored: true });
    return { host: job.options.host, port: job.options.port };
  }
}

describe('POST /domain/ssl/certcheck', () => {
  it('answers 2128 without a target, 1001 for a task and a target at once, 2553 when no node has a live agent', async () => {
    expect((await fx.call('/domain/ssl/certcheck', {})).code).toBe(2128);
    expect((await fx.call('/domain/ssl/certcheck', { port: 443 })).code).toBe(2128);
    expect((await fx.call('/domain/ssl/certcheck', { id: 1, domain: 'a.example.com' })).errors).toEqual(['domain:10010001']);
    expect((await fx.call('/domain/ssl/certcheck', { id: 1, port: 443 })).errors).toEqual(['port:10010001']);
    expect((await fx.call('/domain/ssl/certcheck', { domain: 'not a domain' })).errors).toEqual(['domain:10010004']);
    const none = await fx.call('/domain/ssl/certcheck', { domain: 'shop.example.com' });
    expect([none.statusCode, none.code]).toEqual([404, 2553]);
  });

  it("checks any domain and port on a node's agent and answers expiry, days left, chain, issuer, subject and status", async () => {
    const tokyo = await startAgent(fx.server, 'jp-tokyo');
    const now = fx.server.clock.now();
    const certificate = certificateOf(now, 3, 'secure.example.com');
    const asked = fx.call('/domain/ssl/certcheck', { domain: 'secure.example.com', port: 8443 });
    const served = await serveOneJob(tokyo, () => sslRun(now, certificate));
    expect(served).toEqual({ host: 'secure.example.com', port: 8443 });
    const answer = await asked;
    expect(answer.code, answer.body).toBe(200);
    expect(CertCheckAnswer.parse(answer.data)).toEqual({
      domain: 'secure.example.com',
      port: 8443,
      nodeId: tokyo.nodeId,
      checkedAt: new Date(now).toISOString(),
      ok: true,
      failure: null,
      ip: '198.51.100.9',
      validFrom: certificate.validFrom,
      validTo: certificate.validTo,
      daysLeft: 3,
      sslStatus: SSL_STATUS.EXPIRING,
      issuer: 'CN=Test CA, O=Test',
      subject: 'CN=secure.example.com, O=Shop',
      authorized: true,
      authorizationError: null,
      chain: [certificate],
    });
    // A check that could not reach the target is an answer too, saying why.
    const refused = fx.call('/domain/ssl/certcheck', { domain: 'down.example.com' });
    expect(await serveOneJob(tokyo, () => sslRun(now, null))).toEqual({ host: 'down.example.com', port: 443 });
    expect((await refused).data).toMatchObject({ ok: false, failure: { source: 'target', code: 'refused' }, validTo: null, sslStatus: null, chain: [] });
  });

  it("checks an SSL task's target on its own nodes first, or on the node asked for", async () => {
    const seoul = await startAgent(fx.server, 'kr-seoul');
    const tokyo = await startAgent(fx.server, 'jp-tokyo');
    const [a] = fx.nodes;
    const task = (await fx.call('/domain/ssl/create', sslBody([a, tokyo.nodeId, seoul.nodeId], { domain: 'mail.example.com', port: 993 }))).data;
    const now = fx.server.clock.now();
    const onTask = fx.call('/domain/ssl/certcheck', { id: task.id });
    expect(await serveOneJob(tokyo, () => sslRun(now, certificateOf(now, -1)))).toEqual({ host: 'mail.example.com', port: 993 });
    expect((await onTask).data).toMatchObject({ nodeId: tokyo.nodeId, domain: 'mail.example.com', port: 993, ok: false, daysLeft: -1, sslStatus: SSL_STATUS.EXPIRED });

    const onSeoul = fx.call('/domain/ssl/certcheck', { id: task.id, nodeId: seoul.nodeId });
    await serveOneJob(seoul, () => sslRun(now, certificateOf(now, 200)));
    expect((await onSeoul).data).toMatchObject({ nodeId: seoul.nodeId, daysLeft: 200, sslStatus: SSL_STATUS.NOT_EXPIRED });

    const unknownNode = await fx.call('/domain/ssl/certcheck', { id: task.id, nodeId: 987_654 });
    expect([unknownNode.statusCode, unknownNode.code]).toEqual([404, 2304]);
    const agentless = await fx.call('/domain/ssl/certcheck', { id: task.id, nodeId: a });
    expect([agentless.statusCode, agentless.code]).toEqual([503, 2554]);
    const http = (await fx.call('/domain/http/create', { name: 'Web', domain: 'mail.example.com', frequencyMinutes: 5, nodeIds: [a] })).data;
    expect((await fx.call('/domain/ssl/certcheck', { id: http.id })).code).toBe(2127);
  });

  it('withdraws a check no agent took (2554), answers 504 for one taken but not answered, and 2555 when the node is busy', async () => {
    const tokyo = await startAgent(fx.server, 'jp-tokyo');
    const ctx = fx.server.app.vigil;
    expect(await errorCodeOf(certCheck(ctx, fx.server.custId, { domain: 'slow.example.com' }, 300))).toBe(2554);
    expect(await fx.server.db.selectFrom('agent_jobs').select('state').execute()).toEqual([{ state: 'expired' }]);
    // The withdrawn check is never handed out later.
    expect(JobsAnswer.parse((await tokyo.call('/agent/jobs', { waitMs: 0 })).json.data).jobs).toEqual([]);

    const taken = certCheck(ctx, fx.server.custId, { domain: 'slow.example.com' }, 1_500);
    const polled = JobsAnswer.parse((await tokyo.call('/agent/jobs', { waitMs: 5_000 })).json.data).jobs;
    expect(polled).toHaveLength(1);
    expect(await errorCodeOf(taken)).toBe(504);
    const timedOut = await fx.server.db.selectFrom('agent_jobs').select('state').where('id', '=', polled[0]?.jobId ?? '').executeTakeFirstOrThrow();
    expect(timedOut.state).toBe('taken');

    for (let job = 0; job < 9; job += 1) await requestJob(ctx, fx.server.custId, tokyo.nodeId, { type: 'mtr', host: '127.0.0.1' });
    const busy = await fx.call('/domain/ssl/certcheck', { domain: 'shop.example.com' });
    expect([busy.statusCode, busy.code]).toEqual([503, 2555]);
  }, 30_000);
});
