import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CertCheckAnswer, SslSearchAnswer, TracerouteNodeAnswer } from '../../../src/shared/calls/domain-trace-ssl.js';
import { SSL_STATUS } from '../../../src/shared/codes.js';
import { createTestCertificates, type TestCertificates } from '../../agent/helpers/certificates.js';
import { createHarness, waitFor, type Harness } from '../../agent/helpers/agent-harness.js';
import { startTlsListener, type Running } from '../../agent/helpers/servers.js';

// The real probe agent against the real server: an on-demand certificate check of a loopback TLS
// server, and SSL and traceroute tasks it runs on schedule, read back through the console's calls.

let harness: Harness;
let certificates: TestCertificates;
const targets: Running[] = [];
let token: string;

beforeEach(async () => {
  certificates ??= createTestCertificates();
  harness = await createHarness();
  token = await harness.server.login();
});
afterEach(async () => {
  await harness.close();
  await Promise.all(targets.splice(0).map((target) => target.close()));
});

async function call(path: string, body: unknown) {
  const response = await harness.server.call(path, { token, body });
  return response.json<{ code: number; data: unknown }>();
}

async function agentReady(): Promise<void> {
  harness.agent();
  await waitFor('the Local agent registered and usable', async () => {
    const row = await harness.server.db.selectFrom('nodes').select(['last_seen_at', 'last_self_check']).where('id', '=', harness.nodeId).executeTakeFirstOrThrow();
    return row.last_seen_at !== null && row.last_self_check !== null;
  });
}

async function serveTls(which: keyof Omit<TestCertificates, 'authority'>): Promise<number> {
  const server = await startTlsListener(certificates[which]);
  targets.push(server);
  return server.port;
}

describe('traceroute and SSL through a real agent', () => {
  it('checks a self-signed certificate on demand and answers its expiry, chain and trust', async () => {
    const port = await serveTls('selfSigned');
    const none = await call('/domain/ssl/certcheck', { domain: '127.0.0.1', port });
    expect(none.code).toBe(2553);
    await agentReady();

    const answer = await call('/domain/ssl/certcheck', { domain: '127.0.0.1', port });
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    const checked = CertCheckAnswer.parse(answer.data);
    expect(checked).toMatchObject({
      domain: '127.0.0.1',
      port,
      nodeId: harness.nodeId,
      ok: true,
      failure: null,
      daysLeft: 90,
      sslStatus: SSL_STATUS.NOT_EXPIRED,
      subject: 'CN=localhost, O=Vigil Test',
      issuer: 'CN=localhost, O=Vigil Test',
      authorized: false,
      authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT',
    });
    expect(checked.chain).toHaveLength(1);
    // Certificates carry whole seconds.
    expect(Date.parse(checked.validTo ?? '')).toBe(Math.floor(certificates.selfSigned.notAfter.getTime() / 1000) * 1000);

    const expiredPort = await serveTls('expired');
    const expired = CertCheckAnswer.parse((await call('/domain/ssl/certcheck', { domain: '127.0.0.1', port: expiredPort })).data);
    expect(expired).toMatchObject({ ok: false, failure: { source: 'target', code: 'certificate_expired' }, daysLeft: -2, sslStatus: SSL_STATUS.EXPIRED });
  }, 60_000);

  it('runs SSL and traceroute tasks created through the calls, and the lists show what it saw', async () => {
    const soonPort = await serveTls('expiringSoon');
    const okPort = await serveTls('signedByAuthority');
    const nodeIds = [harness.nodeId];
    const soon = await call('/domain/ssl/create', { name: 'Soon', domain: '127.0.0.1', port: soonPort, frequencyMinutes: 1, nodeIds });
    const fine = await call('/domain/ssl/create', { name: 'Fine', domain: '127.0.0.1', port: okPort, frequencyMinutes: 1, nodeIds });
    const route = await call('/domain/traceroute/create', { name: 'Loopback route', domain: '127.0.0.1', frequencyMinutes: 1, nodeIds });
    for (const created of [soon, fine, route]) expect(created.code, JSON.stringify(created)).toBe(200);
    await agentReady();

    const search = async () => SslSearchAnswer.parse((await call('/domain/ssl/search', {})).data);
    await waitFor('both SSL tasks checked', async () => (await search()).list.every((row) => row.sslStatus !== null), 30_000);
    const rows = (await search()).list;
    expect(rows.map((row) => [row.name, row.daysLeft, row.sslStatus])).toEqual([
      ['Soon', 3, SSL_STATUS.EXPIRING],
      ['Fine', 90, SSL_STATUS.NOT_EXPIRED],
    ]);
    expect(rows[1]).toMatchObject({ issuer: 'CN=Vigil Test Root CA, O=Vigil Test', subject: 'CN=localhost, O=Vigil Test', authorized: false });

    const routeId = (route.data as { id: number }).id;
    const nodes = async () => TracerouteNodeAnswer.parse((await call('/domain/search/tracerouteNode', { id: routeId })).data).list;
    await waitFor('a traceroute run', async () => (await nodes())[0]?.lastRunAt !== null, 30_000);
    const [local] = await nodes();
    expect(local).toMatchObject({ id: harness.nodeId, selected: true, reached: true, ok: true });
    expect(local?.hopCount).toBeGreaterThanOrEqual(1);
    const snapshot = await call('/domain/traceroute/snapshot', { id: routeId, resultId: local?.lastResultId });
    expect(snapshot.data).toMatchObject({ nodeId: harness.nodeId, reached: true });
  }, 90_000);
});
