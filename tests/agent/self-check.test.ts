import { lookup } from 'node:dns/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKS, type CheckRegistry } from '../../src/agent/checks/registry.js';
import { referenceTargetOf, runSelfCheck, selfCheckPlanOf } from '../../src/agent/self-check.js';
import { REFERENCE_CONNECTS } from '../../src/agent/self-check/reference.js';
import { selfCheckOutcomeOf } from '../../src/server/modules/nodes/status.js';
import { SelfCheck } from '../../src/shared/calls/agent.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { startDnsServer, type DnsTestHandler, type DnsTestServer } from './helpers/dns-server.js';
import { closedPort, type Running, startTcpListener, startUnresponsiveListener, type TcpListener } from './helpers/servers.js';

const running: Running[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((target) => target.close()));
});

async function dnsServer(handler: DnsTestHandler): Promise<DnsTestServer> {
  const server = await startDnsServer(handler);
  running.push(server);
  return server;
}

async function listener(host?: string): Promise<TcpListener> {
  const target = await startTcpListener(host);
  running.push(target);
  return target;
}

const ROOT_SERVERS: DnsTestHandler = () => ({
  answers: ['a', 'b', 'c'].map((letter) => ({ type: 'NS' as const, name: '.', ttl: 518_400, target: `${letter}.root-servers.net` })),
});

/** What `ok` must be from the agent's own machine alone (loopback, resolver, ICMP tool) — it depends on the tools here. */
const machineOk = (result: SelfCheck) => result.loopbackRttMs !== null && result.dnsOk && result.toolErrors.length === 0;

/** A self-check as the agent runs it after registering with a server at `serverUrl`. */
async function selfCheck(serverUrl: string | null, nodeDnsServer: string | null = null, registry: CheckRegistry = CHECKS) {
  const plan = serverUrl === null ? { dnsServer: nodeDnsServer } : selfCheckPlanOf(serverUrl, { dnsServer: nodeDnsServer });
  const result = await runSelfCheck(registry, plan);
  expect(() => SelfCheck.parse(result)).not.toThrow();
  return result;
}

describe('the reference target', () => {
  it('is the host and port the agent reaches the server at', () => {
    expect(referenceTargetOf('http://127.0.0.1:18080')).toEqual({ host: '127.0.0.1', port: 18080 });
    expect(referenceTargetOf('https://vigil.example.com/')).toEqual({ host: 'vigil.example.com', port: 443 });
    expect(referenceTargetOf('http://vigil.example.com')).toEqual({ host: 'vigil.example.com', port: 80 });
    expect(referenceTargetOf('http://[::1]:8080')).toEqual({ host: '::1', port: 8080 });
    expect(referenceTargetOf('not a url')).toBeNull();
    expect(referenceTargetOf('ftp://files.example.com')).toBeNull();
  });

  it('answers 0 % loss and the median connect time when it listens', async () => {
    const target = await listener();
    const result = await selfCheck(`http://127.0.0.1:${target.port}`);
    expect(result).toMatchObject({ referenceTarget: `127.0.0.1:${target.port}`, referenceLossPct: 0 });
    expect(result.referenceRttMs).toBeGreaterThan(0);
    await vi.waitFor(() => expect(target.accepted()).toBe(REFERENCE_CONNECTS), { timeout: 10_000 });
    expect(result.ok).toBe(machineOk(result));
  }, 30_000);

  it('resolves a named server once and connects to its address', async () => {
    const target = await listener((await lookup('localhost')).address);
    const result = await selfCheck(`http://localhost:${target.port}`);
    expect(result).toMatchObject({ referenceTarget: `localhost:${target.port}`, referenceLossPct: 0 });
  }, 30_000);

  it('answers 100 % loss for a closed port, and the self-check fails', async () => {
    const port = await closedPort();
    const result = await selfCheck(`http://127.0.0.1:${port}`);
    expect(result).toMatchObject({ ok: false, referenceTarget: `127.0.0.1:${port}`, referenceLossPct: 100, referenceRttMs: null });
    expect(selfCheckOutcomeOf(result, 0)).toMatchObject({ ok: false });
  }, 30_000);

  it('counts connects that get no answer in time as lost', async () => {
    const silent = await startUnresponsiveListener();
    running.push(silent);
    const result = await selfCheck(`http://127.0.0.1:${silent.port}`);
    expect(result).toMatchObject({ ok: false, referenceLossPct: 100, referenceRttMs: null });
  }, 30_000);

  it('answers partial loss when the target goes away between connects: a degraded self-check, not a failed one', async () => {
    const target = await listener();
    // The first connect reaches the listener; it then closes, so the next ones are refused.
    const closingAfterFirst: CheckRegistry = {
      ...CHECKS,
      [MONITOR_TYPES.TCP]: {
        type: MONITOR_TYPES.TCP,
        run: async (options, ctx) => {
          const result = await CHECKS[MONITOR_TYPES.TCP].run(options, ctx);
          await target.close();
          return result;
        },
      },
    };
    const result = await selfCheck(`http://127.0.0.1:${target.port}`, null, closingAfterFirst);
    expect(result).toMatchObject({ referenceLossPct: 66.7 });
    expect(result.referenceRttMs).toBeGreaterThan(0);
    expect(result.ok).toBe(machineOk(result));
    expect(selfCheckOutcomeOf({ ...result, ok: true }, 0)).toEqual({ at: 0, ok: true, degraded: true });
  }, 30_000);

  it('is skipped when the agent has no server address to measure', async () => {
    const result = await selfCheck(null);
    expect(result).toMatchObject({ referenceTarget: null, referenceLossPct: null, referenceRttMs: null });
  }, 30_000);
});

describe("the node's DNS server", () => {
  it('is asked for the root NS records with the agent’s own client: answered means nodeDnsOk', async () => {
    const server = await dnsServer(ROOT_SERVERS);
    const result = await selfCheck(null, server.address);
    expect(result.nodeDnsOk).toBe(true);
    expect(result.nodeDnsMs).toBeGreaterThan(0);
    expect(server.received.map((query) => [query.message.questions[0]?.name, query.message.questions[0]?.type])).toEqual([['.', 2]]);
  }, 30_000);

  it('fails on SERVFAIL or an empty answer, without failing the self-check', async () => {
    for (const handler of [() => ({ rcode: 'SERVFAIL' as const }), () => ({})]) {
      const server = await dnsServer(handler);
      const result = await selfCheck(null, server.address);
      expect(result).toMatchObject({ nodeDnsOk: false, nodeDnsMs: null });
      expect(result.ok).toBe(machineOk(result));
      expect(selfCheckOutcomeOf({ ...result, ok: true }, 0)).toEqual({ at: 0, ok: true, degraded: true });
    }
  }, 30_000);

  it('fails when the server does not answer', async () => {
    const server = await dnsServer(() => ({ silent: true }));
    const result = await selfCheck(null, server.address);
    expect(result).toMatchObject({ nodeDnsOk: false, nodeDnsMs: null });
  }, 30_000);

  it('fails, and the self-check is still answered, when the server is no address a socket takes (port 0, a name)', async () => {
    for (const server of ['127.0.0.1:0', 'dns.example']) {
      const result = await selfCheck(null, server);
      expect(result).toMatchObject({ ok: true, nodeDnsOk: false, nodeDnsMs: null });
    }
  }, 30_000);

  it('is skipped (null) when the node has no DNS server, as the Local node has none', async () => {
    expect(selfCheckPlanOf('http://127.0.0.1:8080', { dnsServer: '' })).toEqual({ dnsServer: null, reference: { host: '127.0.0.1', port: 8080 } });
    expect(selfCheckPlanOf('http://127.0.0.1:8080', {}).dnsServer).toBeNull();
    const result = await selfCheck(null, null);
    expect(result).toMatchObject({ nodeDnsOk: null, nodeDnsMs: null });
  }, 30_000);
});

describe('a Local agent on a machine without Internet', () => {
  it('stays clean: its server answers on loopback and it has no DNS server to ask', async () => {
    const vigilServer = await listener();
    const result = await selfCheck(`http://127.0.0.1:${vigilServer.port}`, null);
    expect(result).toMatchObject({ nodeDnsOk: null, referenceLossPct: 0 });
    expect(result.ok).toBe(machineOk(result));
    expect(selfCheckOutcomeOf({ ...result, ok: true }, 0)).toEqual({ at: 0, ok: true, degraded: false });
  }, 30_000);
});
