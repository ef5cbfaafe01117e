import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { dnsCheck } from '../../../src/agent/checks/dns/index.js';
import type { DnsRecord } from '../../../src/agent/checks/dns/message.js';
import type { CheckContext } from '../../../src/agent/checks/types.js';
import { DnsOptions } from '../../../src/shared/probe/options.js';
import { CheckResult } from '../../../src/shared/probe/results.js';
import { ipv6LoopbackAvailable } from '../helpers/servers.js';
import { readHexFixture, startDnsServer, withId, type DnsTestHandler, type DnsTestServer } from '../helpers/dns-server.js';

const servers: DnsTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(handler: DnsTestHandler): Promise<DnsTestServer> {
  const server = await startDnsServer(handler);
  servers.push(server);
  return server;
}

const loopback: CheckContext = { allowPrivateTargets: true, matchingIps: [] };

async function check(options: { host: string; servers: string[]; recordType?: string; timeoutMs?: number }, ctx: CheckContext = loopback) {
  const result = await dnsCheck.run(DnsOptions.parse({ type: 5, timeoutMs: 5_000, ...options }), ctx);
  expect(() => CheckResult.parse(result)).not.toThrow();
  return result;
}

const a = (name: string, address: string, ttl = 60): DnsRecord => ({ type: 'A', name, ttl, address });

describe('DNS check answers', () => {
  it('reports A answers, the answering server, rcode and a sub-millisecond resolution time', async () => {
    const server = await serve(() => ({ answers: [a('example.com', '192.0.2.1'), a('example.com', '192.0.2.2')] }));
    const result = await check({ host: 'example.com', servers: [server.address] });
    expect(result).toMatchObject({ type: 5, ok: true, failure: null, resolvedIps: ['192.0.2.1', '192.0.2.2'], ipMatched: null });
    expect(result.details).toMatchObject({
      server: server.address,
      recordType: 'A',
      rcode: 'NOERROR',
      answers: [
        { name: 'example.com', type: 'A', ttl: 60, data: '192.0.2.1' },
        { name: 'example.com', type: 'A', ttl: 60, data: '192.0.2.2' },
      ],
    });
    expect(result.details?.resolutionMs).toBeGreaterThan(0);
    expect(result.details?.resolutionMs).toBe(Math.round((result.details?.resolutionMs ?? 0) * 1000) / 1000);
    expect(server.received.map((query) => [query.transport, query.message.questions[0]?.name, query.message.questions[0]?.type])).toEqual([['udp', 'example.com', 1]]);
  });

  it('follows a CNAME chain to the asked type', async () => {
    const server = await serve(() => ({
      answers: [
        { type: 'CNAME', name: 'www.example.com', ttl: 300, target: 'edge.cdn.example.net' },
        { type: 'CNAME', name: 'edge.cdn.example.net', ttl: 300, target: 'pop7.cdn.example.net' },
        a('pop7.cdn.example.net', '198.51.100.7'),
        // Not on the chain: must not count as the name's address.
        a('elsewhere.example.org', '203.0.113.66'),
      ],
    }));
    const result = await check({ host: 'www.example.com', servers: [server.address] });
    expect(result.ok).toBe(true);
    expect(result.resolvedIps).toEqual(['198.51.100.7']);
    expect(result.details?.answers.map((answer) => `${answer.type} ${answer.data}`)).toEqual([
      'CNAME edge.cdn.example.net',
      'CNAME pop7.cdn.example.net',
      'A 198.51.100.7',
      'A 203.0.113.66',
    ]);
  });

  it('a CNAME that leads nowhere is no answer', async () => {
    const server = await serve(() => ({ answers: [{ type: 'CNAME', name: 'www.example.com', ttl: 300, target: 'gone.example.net' }] }));
    const result = await check({ host: 'www.example.com', servers: [server.address] });
    expect(result).toMatchObject({ ok: false, failure: { source: 'target', code: 'dns_no_answer' } });
  });

  it.each([
    ['AAAA', [{ type: 'AAAA', name: 'example.com', ttl: 30, address: '2001:db8:0:0:0:0:0:1' }], '2001:db8::1', ['2001:db8::1']],
    ['MX', [{ type: 'MX', name: 'example.com', ttl: 30, preference: 10, exchange: 'mail.example.com' }], '10 mail.example.com', []],
    ['TXT', [{ type: 'TXT', name: 'example.com', ttl: 30, strings: ['v=spf1 ', 'include:_spf.example.com -all'] }], 'v=spf1 include:_spf.example.com -all', []],
    ['NS', [{ type: 'NS', name: 'example.com', ttl: 30, target: 'ns1.example.net' }], 'ns1.example.net', []],
    ['CNAME', [{ type: 'CNAME', name: 'example.com', ttl: 30, target: 'alias.example.net' }], 'alias.example.net', []],
  ] as [string, DnsRecord[], string, string[]][])('%s answers read as the console shows them', async (recordType, answers, data, resolvedIps) => {
    const server = await serve((query) => (query.message.questions[0]?.type === { AAAA: 28, MX: 15, TXT: 16, NS: 2, CNAME: 5 }[recordType] ? { answers } : { rcode: 'FORMERR' }));
    const expecting = { allowPrivateTargets: true, matchingIps: ['192.0.2.1'] };
    const result = await check({ host: 'example.com', recordType, servers: [server.address] }, expecting);
    // Only address answers can match the task's expected IPs; the others have nothing to compare.
    expect(result).toMatchObject({ ok: true, failure: null, resolvedIps, ipMatched: recordType === 'AAAA' ? false : null });
    expect(result.details?.answers).toEqual([{ name: 'example.com', type: recordType, ttl: 30, data }]);
  });

  it('decodes hand-built compressed answers served as they are', async () => {
    const fixture = readHexFixture('response-www-cname-a-compressed.txt');
    const server = await serve(() => ({ raw: (id) => withId(fixture, id) }));
    const result = await check({ host: 'www.example.com', servers: [server.address] });
    expect(result).toMatchObject({ ok: true, resolvedIps: ['93.184.215.14'] });
  });
});

describe('DNS check failures', () => {
  it.each([
    ['NXDOMAIN', 'target', 'dns_nxdomain'],
    ['SERVFAIL', 'target', 'dns_servfail'],
    ['REFUSED', 'resolver', 'dns_refused'],
    ['FORMERR', 'resolver', 'dns_error'],
    ['NOTIMP', 'resolver', 'dns_error'],
  ] as const)('%s is a %s failure %s', async (rcode, source, code) => {
    const server = await serve(() => ({ rcode }));
    const result = await check({ host: 'nope.example.com', servers: [server.address] });
    expect(result).toMatchObject({ ok: false, failure: { source, code }, resolvedIps: [] });
    expect(result.details).toMatchObject({ server: server.address, rcode, answers: [] });
  });

  it('NOERROR without an answer of the asked type is dns_no_answer', async () => {
    const server = await serve(() => ({
      answers: [{ type: 'MX', name: 'example.com', ttl: 5, preference: 1, exchange: 'mx.example.com' }],
      authorities: [{ type: 'SOA', name: 'example.com', ttl: 5, mname: 'ns.example.com', rname: 'ops.example.com', serial: 1, refresh: 1, retry: 1, expire: 1, minimum: 1 }],
    }));
    const result = await check({ host: 'example.com', servers: [server.address] });
    expect(result).toMatchObject({ ok: false, failure: { source: 'target', code: 'dns_no_answer' }, details: { rcode: 'NOERROR' } });
  });

  it.each(['malformed-pointer-loop.txt', 'malformed-forward-pointer.txt', 'malformed-truncated-rdata.txt', 'malformed-a-length.txt'])(
    'a malformed answer (%s) is dns_error, not a throw',
    async (file) => {
      const server = await serve(() => ({ raw: (id) => withId(readHexFixture(file), id) }));
      const result = await check({ host: 'www.example.com', servers: [server.address] });
      expect(result).toMatchObject({ ok: false, failure: { source: 'resolver', code: 'dns_error' }, details: { rcode: null } });
      expect(result.failure?.detail).toContain(server.address);
    },
  );

  it('no server answering in time is a resolver timeout', async () => {
    const first = await serve(() => ({ silent: true }));
    const second = await serve(() => ({ silent: true }));
    const result = await check({ host: 'example.com', servers: [first.address, second.address], timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, failure: { source: 'resolver', code: 'timeout' }, ipMatched: null, details: { server: second.address, rcode: null, resolutionMs: null } });
    expect(first.received).toHaveLength(1);
    expect(second.received).toHaveLength(1);
  });

  it('refuses names that cannot be asked for', async () => {
    const server = await serve(() => ({ answers: [] }));
    const result = await check({ host: `${'x'.repeat(64)}.example.com`, servers: [server.address] });
    expect(result).toMatchObject({ ok: false, failure: { source: 'probe', code: 'dns_error' } });
    expect(server.received).toHaveLength(0);
  });

  it('refuses a server address that is not an IP with an optional port', async () => {
    const result = await check({ host: 'example.com', servers: ['resolver.example.net:53'] });
    expect(result).toMatchObject({ ok: false, failure: { source: 'probe', code: 'dns_error' } });
  });
});

describe('asking more than one server', () => {
  it('a silent first server is followed by the second, which answers', async () => {
    const silent = await serve(() => ({ silent: true }));
    const answering = await serve(() => ({ answers: [a('example.com', '192.0.2.9')] }));
    const result = await check({ host: 'example.com', servers: [silent.address, answering.address], timeoutMs: 700 });
    expect(result).toMatchObject({ ok: true, resolvedIps: ['192.0.2.9'], details: { server: answering.address } });
    expect(result.durationMs).toBeGreaterThanOrEqual(650);
    expect(result.details?.resolutionMs).toBeLessThan(result.durationMs);
  });

  async function closedUdpPort(): Promise<number> {
    const socket = createSocket('udp4');
    socket.bind(0, '127.0.0.1');
    await once(socket, 'listening');
    const { port } = socket.address();
    socket.close();
    return port;
  }

  it('a closed port answers with refusal, not a wait for the timeout', async () => {
    const result = await check({ host: 'example.com', servers: [`127.0.0.1:${await closedUdpPort()}`], timeoutMs: 60_000 });
    expect(result).toMatchObject({ ok: false, failure: { source: 'resolver', code: 'refused' } });
  });

  it('a closed port is followed by the next server', async () => {
    const closedPort = await closedUdpPort();
    const answering = await serve(() => ({ answers: [a('example.com', '192.0.2.3')] }));
    const result = await check({ host: 'example.com', servers: [`127.0.0.1:${closedPort}`, answering.address], timeoutMs: 3_000 });
    expect(result).toMatchObject({ ok: true, details: { server: answering.address } });
  });

  it('an rcode is the servers\u2019 word: the next server is not asked', async () => {
    const first = await serve(() => ({ rcode: 'NXDOMAIN' }));
    const second = await serve(() => ({ answers: [a('example.com', '192.0.2.3')] }));
    const result = await check({ host: 'example.com', servers: [first.address, second.address] });
    expect(result.failure?.code).toBe('dns_nxdomain');
    expect(second.received).toHaveLength(0);
  });
});

describe('the wire client', () => {
  it('asks again over TCP when the UDP answer is truncated', async () => {
    const many = Array.from({ length: 40 }, (_, index) => a('big.example.com', `198.51.100.${index + 1}`));
    const server = await serve(() => ({ answers: many, truncateOverUdp: true }));
    const result = await check({ host: 'big.example.com', servers: [server.address] });
    expect(server.received.map((query) => query.transport)).toEqual(['udp', 'tcp']);
    expect(result).toMatchObject({ ok: true, failure: null });
    expect(result.resolvedIps).toHaveLength(40);
  });

  it('uses a fresh random id for each query', async () => {
    const server = await serve(() => ({ answers: [a('example.com', '192.0.2.1')] }));
    for (let round = 0; round < 8; round++) await check({ host: 'example.com', servers: [server.address] });
    expect(new Set(server.received.map((query) => query.message.id)).size).toBeGreaterThan(1);
  });

  it.each(['wrong-id', 'wrong-question'] as const)('ignores a forged answer with the %s and takes the genuine one', async (kind) => {
    const server = await serve(() => ({ decoy: { kind, answers: [a('example.com', '6.6.6.6')] }, answers: [a('example.com', '192.0.2.1')] }));
    const result = await check({ host: 'example.com', servers: [server.address] });
    expect(result).toMatchObject({ ok: true, resolvedIps: ['192.0.2.1'] });
  });

  it('asks for internationalised names in their ASCII form', async () => {
    const server = await serve(() => ({ answers: [a('xn--fiqs8s.example', '192.0.2.4')] }));
    const result = await check({ host: '中国.example', servers: [server.address] });
    expect(server.received[0]?.message.questions[0]?.name).toBe('xn--fiqs8s.example');
    expect(result.ok).toBe(true);
  });
});

describe('expected addresses and private servers', () => {
  const answering = () => serve(() => ({ answers: [a('example.com', '192.0.2.1'), a('example.com', '192.0.2.2')] }));

  it.each([
    [['192.0.2.1', '192.0.2.2'], true],
    [['192.0.2.1'], false],
    [['203.0.113.9'], false],
  ])('matching IPs %j → ipMatched %s, still ok', async (matchingIps, matched) => {
    const server = await answering();
    const result = await check({ host: 'example.com', servers: [server.address] }, { allowPrivateTargets: true, matchingIps });
    expect(result).toMatchObject({ ok: true, ipMatched: matched, resolvedIps: ['192.0.2.1', '192.0.2.2'] });
  });

  it('an answer without addresses has nothing to match', async () => {
    const server = await serve(() => ({ rcode: 'NXDOMAIN' }));
    const result = await check({ host: 'example.com', servers: [server.address] }, { allowPrivateTargets: true, matchingIps: ['192.0.2.1'] });
    expect(result).toMatchObject({ ok: false, ipMatched: null });
  });

  it('compares answers with the expected addresses as addresses, not text', async () => {
    const server = await serve(() => ({ answers: [{ type: 'AAAA', name: 'example.com', ttl: 30, address: '2001:db8::1' }] }));
    const expecting = { allowPrivateTargets: true, matchingIps: ['2001:DB8:0:0:0:0:0:1'] };
    const result = await check({ host: 'example.com', recordType: 'AAAA', servers: [server.address] }, expecting);
    expect(result).toMatchObject({ ok: true, ipMatched: true });
  });

  it('refuses a loopback server unless the node allows private targets, sending nothing', async () => {
    const server = await answering();
    const result = await check({ host: 'example.com', servers: [server.address] }, { allowPrivateTargets: false, matchingIps: [] });
    expect(result).toMatchObject({ ok: false, failure: { source: 'probe', code: 'target_not_allowed' }, details: { server: server.address } });
    expect(server.received).toHaveLength(0);
  });

  it.each([
    '10.0.0.53',
    '192.168.1.1:53',
    '[fe80::1]:53',
    '169.254.169.254',
    '198.18.0.53',
    '[::ffff:7f00:1]:53',
    '[::ffff:127.0.0.1]:53',
    '[::ffff:a9fe:a9fe]:53',
    '[0:0:0:0:0:0:0:1]:53',
    '[::127.0.0.1]:53',
    '[64:ff9b::7f00:1]:53',
    '[2002:7f00:1::]:53',
  ])('refuses the private server %s', async (address) => {
    const result = await check({ host: 'example.com', servers: ['8.8.8.8', address] }, { allowPrivateTargets: false, matchingIps: [] });
    expect(result.failure).toMatchObject({ source: 'probe', code: 'target_not_allowed' });
  });

  it('refuses the loopback server written as an IPv4-mapped IPv6 address, sending nothing', async () => {
    const server = await answering();
    const mapped = `[::ffff:7f00:1]:${server.port}`;
    const refused = await check({ host: 'example.com', servers: [mapped] }, { allowPrivateTargets: false, matchingIps: [] });
    expect(refused).toMatchObject({ ok: false, failure: { source: 'probe', code: 'target_not_allowed' } });
    expect(server.received).toHaveLength(0);
    if (!(await ipv6LoopbackAvailable())) return;
    // The same spelling does reach the loopback server: the refusal above is what kept it out.
    const allowed = await check({ host: 'example.com', servers: [mapped] }, { allowPrivateTargets: true, matchingIps: [] });
    expect(allowed).toMatchObject({ ok: true, resolvedIps: ['192.0.2.1', '192.0.2.2'] });
    expect(server.received).toHaveLength(1);
  });

  it('an aborted check reports where it stopped', async () => {
    const server = await serve(() => ({ silent: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await check({ host: 'example.com', servers: [server.address], timeoutMs: 10_000 }, { ...loopback, signal: controller.signal });
    expect(result).toMatchObject({ ok: false, failure: { source: 'probe', code: 'timeout' } });
    expect(result.durationMs).toBeLessThan(5_000);
  });
});
