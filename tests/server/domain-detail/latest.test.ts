import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailLatestAnswer, type LatestCheck } from '../../../src/shared/calls/domain-detail-answers.js';
import { ISP_CODES, MONITOR_TYPES, SSL_STATUS } from '../../../src/shared/codes.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import { DAY, MINUTE, certificate, detailFixture, dnsCheck, httpCheck, type DetailFixture } from './detail-helpers.js';

function icmpCheck(at: number): CheckResult {
  return {
    type: MONITOR_TYPES.ICMP,
    ok: true,
    startedAt: new Date(at).toISOString(),
    durationMs: 3000,
    failure: null,
    resolvedIps: ['192.0.2.1'],
    ipMatched: null,
    details: { ip: '192.0.2.1', sent: 4, received: 3, lossPercent: 25, minMs: 10, avgMs: 12, maxMs: 15 },
  };
}

function sslCheck(at: number, validTo: number): CheckResult {
  const leaf = certificate(validTo, at);
  return {
    type: MONITOR_TYPES.SSL,
    ok: true,
    startedAt: new Date(at).toISOString(),
    durationMs: 40,
    failure: null,
    resolvedIps: ['192.0.2.30'],
    ipMatched: null,
    details: { ip: '192.0.2.30', authorized: true, authorizationError: null, sslStatus: SSL_STATUS.NOT_EXPIRED, certificate: leaf, chain: [leaf] },
  };
}

describe("task detail: each node's latest check", () => {
  let f: DetailFixture;
  const latest = async (id: number) => {
    const answer = await f.call('/domain/detail/latest', { id });
    expect(answer.code).toBe(200);
    return DetailLatestAnswer.parse(answer.data).nodes;
  };
  const ofNode = (nodes: LatestCheck[], nodeId: number) => nodes.find((node) => node.nodeId === nodeId);

  beforeAll(async () => {
    f = await detailFixture();
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  it('shows the DNS answers, the response code and the IP-match outcome of each node', async () => {
    const id = await f.task({
      type: MONITOR_TYPES.DNS,
      name: 'Resolve',
      domain: 'shop.example.com',
      frequencyMinutes: 1,
      dnsServers: ['192.0.2.53'],
      matchingIps: ['198.51.100.10'],
      nodes: ['beijingTelecom', 'singapore', 'guangzhouTelecom'],
    });
    await f.ingest('beijingTelecom', id, [dnsCheck(f.now - 2 * MINUTE, ['203.0.113.1']), dnsCheck(f.now - MINUTE, ['198.51.100.10', '198.51.100.11'])]);
    await f.ingest('singapore', id, [dnsCheck(f.now - MINUTE, ['203.0.113.5'])]);
    await f.ingest('guangzhouTelecom', id, [dnsCheck(f.now - MINUTE, [], 'NXDOMAIN')]);
    const nodes = await latest(id);
    expect(nodes.map((node) => node.nodeId)).toEqual([f.node.beijingTelecom, f.node.guangzhouTelecom, f.node.singapore].sort((a, b) => a - b));
    expect(ofNode(nodes, f.node.beijingTelecom)).toMatchObject({
      nodeName: 'Beijing Telecom',
      isp: ISP_CODES.TELECOM,
      at: new Date(f.now - MINUTE).toISOString(),
      ok: true,
      latencyMs: 11.5,
      failure: null,
      resolvedIps: ['198.51.100.10', '198.51.100.11'],
      ipMatched: true,
      statusCode: null,
      timings: null,
      dns: {
        server: '192.0.2.53',
        recordType: 'A',
        rcode: 'NOERROR',
        answers: [
          { name: 'shop.example.com.', type: 'A', ttl: 300, data: '198.51.100.10' },
          { name: 'shop.example.com.', type: 'A', ttl: 300, data: '198.51.100.11' },
        ],
      },
    });
    expect(ofNode(nodes, f.node.singapore)).toMatchObject({ ok: false, ipMatched: false, failure: { source: 'target', code: 'ip_not_matched' }, resolvedIps: ['203.0.113.5'] });
    expect(ofNode(nodes, f.node.guangzhouTelecom)).toMatchObject({ ok: false, ipMatched: null, failure: { source: 'resolver', code: 'dns_nxdomain' }, dns: { rcode: 'NXDOMAIN', answers: [] } });
  });

  it('shows the HTTP phases, status code and certificate days left (counted now) of an HTTPS check', async () => {
    const id = await f.task({ type: MONITOR_TYPES.HTTPS, name: 'Secure', domain: 'shop.example.com', frequencyMinutes: 1, nodes: ['tokyo', 'taipei'] });
    const checkedAt = f.now - 2 * DAY;
    const check = httpCheck(checkedAt, { totalMs: 120 }, true) as Extract<CheckResult, { type: 4 }>;
    if (check.details) check.details.certificate = certificate(f.now + 5 * DAY + 12 * 3_600_000, checkedAt);
    await f.ingest('tokyo', id, [check]);
    await f.ingest('taipei', id, [httpCheck(f.now - MINUTE, { statusCode: '000' }, true)]);
    const nodes = await latest(id);
    expect(ofNode(nodes, f.node.tokyo)).toMatchObject({
      ok: true,
      latencyMs: 120,
      ip: '192.0.2.20',
      statusCode: 200,
      timings: { dnsMs: 1.5, connectMs: 2.5, tlsMs: 4, ttfbMs: 119, totalMs: 120 },
      certificate: { subject: 'CN=shop.example.com', issuer: 'CN=Test CA', daysLeft: 5, sslStatus: SSL_STATUS.EXPIRING },
    });
    expect(ofNode(nodes, f.node.taipei)).toMatchObject({ ok: false, statusCode: '000', failure: { code: 'timeout' }, ip: null, certificate: null, tls: null });
  });

  it("shows an HTTPS check's certificate trust verdict without counting an untrusted certificate as a failure", async () => {
    const id = await f.task({ type: MONITOR_TYPES.HTTPS, name: 'Self-signed', domain: 'shop.example.com', frequencyMinutes: 1, nodes: ['tokyo', 'taipei'] });
    const untrusted = httpCheck(f.now - MINUTE, { totalMs: 80 }, true) as Extract<CheckResult, { type: 4 }>;
    if (untrusted.details) Object.assign(untrusted.details, { tlsAuthorized: false, tlsAuthorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    const trusted = httpCheck(f.now - MINUTE, { totalMs: 80 }, true) as Extract<CheckResult, { type: 4 }>;
    if (trusted.details) Object.assign(trusted.details, { tlsAuthorized: true, tlsAuthorizationError: null });
    await f.ingest('tokyo', id, [untrusted]);
    await f.ingest('taipei', id, [trusted]);
    const nodes = await latest(id);
    expect(ofNode(nodes, f.node.tokyo)).toMatchObject({ ok: true, failure: null, tls: { authorized: false, error: 'DEPTH_ZERO_SELF_SIGNED_CERT' } });
    expect(ofNode(nodes, f.node.taipei)).toMatchObject({ ok: true, tls: { authorized: true, error: null } });
  });

  it('shows ping figures and an SSL certificate, and what remains once retention removed the stored result', async () => {
    const ping = await f.task({ type: MONITOR_TYPES.ICMP, name: 'Gateway', domain: '192.0.2.1', frequencyMinutes: 1, nodes: ['singapore'] });
    await f.ingest('singapore', ping, [icmpCheck(f.now - MINUTE)]);
    expect((await latest(ping))[0]).toMatchObject({ ip: '192.0.2.1', latencyMs: 12, icmp: { sent: 4, received: 3, lossPercent: 25, minMs: 10, avgMs: 12, maxMs: 15 } });

    const ssl = await f.task({ type: MONITOR_TYPES.SSL, name: 'Cert', domain: 'shop.example.com', frequencyMinutes: 60, nodes: ['singapore'] });
    await f.ingest('singapore', ssl, [sslCheck(f.now - MINUTE, f.now - DAY)]);
    expect((await latest(ssl))[0]).toMatchObject({ certificate: { daysLeft: -1, sslStatus: SSL_STATUS.EXPIRED }, tls: { authorized: true, error: null } });

    const web = await f.task({ type: MONITOR_TYPES.HTTP, name: 'Down', domain: 'down.example.com', frequencyMinutes: 1, nodes: ['singapore'] });
    await f.ingest('singapore', web, [httpCheck(f.now - MINUTE, { statusCode: '000' })]);
    await f.server.db.deleteFrom('results').where('task_id', '=', web).execute();
    expect((await latest(web))[0]).toMatchObject({ ok: false, statusCode: '000', failure: { source: 'target', code: 'timeout' }, timings: null, resolvedIps: [] });
  });

  it('answers no node for a task that has not checked yet', async () => {
    const id = await f.task({ type: MONITOR_TYPES.TCP, name: 'Port', domain: 'shop.example.com', port: 443, frequencyMinutes: 1, nodes: ['singapore'] });
    expect(await latest(id)).toEqual([]);
  });
});
