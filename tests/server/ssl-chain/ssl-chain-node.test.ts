import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SslChainAnswer } from '../../../src/shared/calls/ssl-chain.js';
import { createHarness, waitFor, type Harness } from '../../agent/helpers/agent-harness.js';
import { FULL_TASKS_PRIVILEGE } from '../../../src/shared/roles.js';
import { addUser, adminLogin, otherCustomerSession } from '../helpers.js';
import { seenOfNodeResult } from '../../../src/server/modules/ssl-chain/service.js';
import { createChainAuthorities, GOOD_NAME, leafOf, serveChain, type RunningTarget } from './chain-targets.js';

// The SSL chain checker from a chosen node: the job goes to the real agent of the Local node, which
// answers the raw chain it saw and its own verifier's code; the server judges it like its own.

let harness: Harness;
let token: string;
const targets: RunningTarget[] = [];

beforeAll(async () => {
  harness = await createHarness();
  token = await harness.server.login();
  harness.agent();
  await waitFor('the Local agent registered and usable', async () => {
    const row = await harness.server.db.selectFrom('nodes').select(['last_seen_at', 'last_self_check']).where('id', '=', harness.nodeId).executeTakeFirstOrThrow();
    return row.last_seen_at !== null && row.last_self_check !== null;
  });
});
afterAll(async () => {
  await harness.close();
  await Promise.all(targets.splice(0).map((target) => target.close()));
});

async function check(body: object, as = token) {
  return (await harness.server.call('/ssl/chain', { token: as, body })).json<{ code: number; data: unknown }>();
}

async function serve(keyPem: string, chain: string[]): Promise<number> {
  const target = await serveChain(keyPem, chain);
  targets.push(target);
  return target.port;
}

describe('the SSL chain checker from a node', () => {
  it("judges the chain the node's agent saw, with its SNI name", async () => {
    const leaf = leafOf({ days: 90 });
    const port = await serve(leaf.keyPem, [leaf.certPem]);
    const answer = await check({ host: `127.0.0.1:${port}`, sni: GOOD_NAME, nodeId: harness.nodeId });
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    const checked = SslChainAnswer.parse(answer.data);
    expect(checked).toMatchObject({ nodeId: harness.nodeId, servername: GOOD_NAME, ip: '127.0.0.1', verdict: 'self_signed', hostnameMatch: true, orderKnown: true });
    expect(checked.chain[0]).toMatchObject({ subject: `CN=${GOOD_NAME}, O=Vigil Test`, sans: [`DNS:${GOOD_NAME}`], selfIssued: true });
  });

  it('shows an expired chain although the node counts the check failed', async () => {
    const { intermediate } = createChainAuthorities();
    const leaf = leafOf({ days: -2, issuer: intermediate });
    const port = await serve(leaf.keyPem, [leaf.certPem, intermediate.certPem]);
    const checked = SslChainAnswer.parse((await check({ host: `127.0.0.1:${port}`, sni: GOOD_NAME, nodeId: harness.nodeId })).data);
    expect(checked.problems).toContain('expired');
    expect(checked.warnings).toContainEqual({ kind: 'expired', index: 0, daysLeft: -2 });
    expect(checked.chain).toHaveLength(2);
  });

  it('reads the chain in the order the server sent it, like the server does: a misordered chain is found', async () => {
    const { intermediate, root } = createChainAuthorities();
    const leaf = leafOf({ days: 90, issuer: intermediate });
    const port = await serve(leaf.keyPem, [leaf.certPem, root.certPem, intermediate.certPem]);
    const checked = SslChainAnswer.parse((await check({ host: `127.0.0.1:${port}`, sni: GOOD_NAME, nodeId: harness.nodeId })).data);
    expect(checked).toMatchObject({ nodeId: harness.nodeId, misordered: true, orderKnown: true });
    expect(checked.problems).toContain('misordered');
    expect(checked.chain.map((certificate) => certificate.subject)).toEqual([
      `CN=${GOOD_NAME}, O=Vigil Test`,
      'CN=Vigil Chain Test Root, O=Vigil Test',
      'CN=Vigil Chain Test Intermediate, O=Vigil Test',
    ]);
  });

  it('asks a TLS 1.3-only server again without the limit; the order is then unknown', async () => {
    const { intermediate } = createChainAuthorities();
    const leaf = leafOf({ days: 90, issuer: intermediate });
    const target = await serveChain(leaf.keyPem, [leaf.certPem, intermediate.certPem], { tls13Only: true });
    targets.push(target);
    const checked = SslChainAnswer.parse((await check({ host: `127.0.0.1:${target.port}`, sni: GOOD_NAME, nodeId: harness.nodeId })).data);
    expect(checked).toMatchObject({ orderKnown: false, misordered: false });
    expect(checked.chain[0]?.subject).toBe(`CN=${GOOD_NAME}, O=Vigil Test`);
  });

  it('answers a refused connection in words', async () => {
    const checked = SslChainAnswer.parse((await check({ host: '127.0.0.1:1', nodeId: harness.nodeId })).data);
    expect(checked).toMatchObject({ failure: 'refused', chain: [], trusted: false });
  });

  it('queues the job as the caller\'s customer; an administrator viewing may use it', async () => {
    const leaf = leafOf({ days: 90 });
    const port = await serve(leaf.keyPem, [leaf.certPem]);
    const other = await otherCustomerSession(harness.server);
    expect((await check({ host: `127.0.0.1:${port}`, sni: GOOD_NAME, nodeId: harness.nodeId }, other.token)).code).toBe(200);
    const jobs = await harness.server.db.selectFrom('agent_jobs').select(['cust_id']).execute();
    expect(jobs.map((job) => job.cust_id)).toContain(other.custId);
    const admin = await adminLogin(harness.server);
    expect((await check({ host: `127.0.0.1:${port}`, sni: GOOD_NAME, nodeId: harness.nodeId }, admin)).code).toBe(200);
  });

  it('refuses an unknown node (2304), a private target on a node that does not allow them (2140) and a node without a live agent (2554)', async () => {
    expect((await check({ host: 'example.com', nodeId: 999_999 })).code).toBe(2304);
    const silent = await harness.server.db.selectFrom('nodes').select('id').where('id', '!=', harness.nodeId).where('allow_private_targets', '=', 0).executeTakeFirstOrThrow();
    const privateTarget = await check({ host: '127.0.0.1:443', nodeId: silent.id });
    expect(privateTarget).toMatchObject({ code: 2140, data: { errors: [{ field: 'host', code: 10010003 }] } });
    expect((await check({ host: 'example.com', nodeId: silent.id })).code).toBe(2554);
  });

  it('needs the monitor area: a user without it is refused (403)', async () => {
    await addUser(harness.server, { account: 'nomonitor01', tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, monitor: 'none' } });
    const answer = await check({ host: 'example.com' }, await harness.server.login('nomonitor01'));
    expect(answer.code).toBe(403);
  });
});

describe("a node's answer from an older agent", () => {
  it('without `presentedChain` is read from `rawChain` in issuer order: the order stays unknown', async () => {
    const { intermediate, root } = createChainAuthorities();
    const leaf = leafOf({ days: 90, issuer: intermediate });
    const base64 = (pem: string) => new X509Certificate(pem).raw.toString('base64');
    const details = { ip: '192.0.2.7', authorized: false, authorizationError: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', sslStatus: 0, certificate: null, chain: [] };
    const old = seenOfNodeResult({ failure: null, details: { ...details, rawChain: [leaf.certPem, intermediate.certPem, root.certPem].map(base64) } });
    expect(old).toMatchObject({ ok: true, ip: '192.0.2.7', orderKnown: false, verifyCode: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' });
    expect(old.ok && old.presented).toHaveLength(3);
    const sent = [leaf.certPem, root.certPem, intermediate.certPem].map(base64);
    const current = seenOfNodeResult({ failure: null, details: { ...details, rawChain: sent, presentedChain: sent, orderKnown: true } });
    expect(current).toMatchObject({ ok: true, orderKnown: true });
    expect(seenOfNodeResult({ failure: null, details: { ...details, rawChain: sent, presentedChain: sent, orderKnown: false } })).toMatchObject({ orderKnown: false });
  });
});
