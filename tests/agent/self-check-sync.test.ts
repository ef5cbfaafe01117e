import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AssignmentBook, type ScheduledAssignment } from '../../src/agent/assignments.js';
import { CHECKS } from '../../src/agent/checks/registry.js';
import { silentLogger } from '../../src/agent/log.js';
import { Scheduler } from '../../src/agent/scheduler.js';
import { runSelfCheck, selfCheckPlanOf } from '../../src/agent/self-check.js';
import { Sync } from '../../src/agent/sync.js';
import { createTransport, type Transport } from '../../src/agent/transport.js';
import { statusOfRow } from '../../src/server/modules/nodes/node-view.js';
import type { AgentRegisterAnswer } from '../../src/shared/calls/agent.js';
import { createHarness, type Harness } from './helpers/agent-harness.js';
import { startDnsServer, type DnsTestServer } from './helpers/dns-server.js';

/**
 * The register answer's DNS server reaches the self-check, and the heartbeat it sends moves the
 * node's status: a real server on 127.0.0.1 (the reference target), a loopback DNS server as the
 * node's own, and the agent's Sync with its real transport.
 */

let harness: Harness;
let dns: DnsTestServer;
let answering = true;
const stops: (() => Promise<void> | void)[] = [];

beforeEach(async () => {
  answering = true;
  harness = await createHarness();
  dns = await startDnsServer(() => (answering ? { answers: [{ type: 'NS', name: '.', ttl: 518_400, target: 'a.root-servers.net' }] } : { rcode: 'SERVFAIL' }));
  await harness.server.db.updateTable('nodes').set({ dns_server: dns.address }).where('id', '=', harness.nodeId).execute();
});
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await dns.close();
  await harness.close();
});

function startSync(): { sync: Sync; answers: AgentRegisterAnswer[] } {
  const transport: Transport = createTransport({ serverUrl: harness.url, key: harness.key });
  const scheduler = new Scheduler<ScheduledAssignment>({ onDue: () => undefined });
  const book = new AssignmentBook({ scheduler });
  const answers: AgentRegisterAnswer[] = [];
  const sync = new Sync({
    transport,
    logger: silentLogger,
    book,
    announce: () => Promise.resolve({ version: 'test', capabilities: { ping: true, fping: true, traceroute: true, mtr: true }, hostname: 'probe' }),
    // As the agent wires it: the node's DNS server from the registration, the reference from the server URL.
    selfCheck: (registered) => runSelfCheck(CHECKS, selfCheckPlanOf(harness.url, registered)),
    onRegistered: (answer) => answers.push(answer),
    onKeyRefused: () => undefined,
    heartbeatMs: 300,
  });
  sync.start();
  stops.push(() => transport.close(), () => sync.stop(), () => scheduler.stop());
  return { sync, answers };
}

async function localNode() {
  return harness.server.db.selectFrom('nodes').selectAll().where('id', '=', harness.nodeId).executeTakeFirstOrThrow();
}

async function lastSelfCheck(): Promise<Record<string, unknown> | null> {
  const row = await localNode();
  return row.last_self_check === null ? null : (JSON.parse(row.last_self_check) as Record<string, unknown>);
}

describe('the self-check of a registered agent', () => {
  it('asks the DNS server the registration named and measures the server it talks to', async () => {
    const { answers } = startSync();
    await vi.waitFor(async () => expect(await lastSelfCheck()).toMatchObject({ nodeDnsOk: true }), { timeout: 20_000, interval: 100 });
    expect(answers[0]?.dnsServer).toBe(dns.address);
    expect(dns.received.length).toBeGreaterThan(0);
    expect(await lastSelfCheck()).toMatchObject({ referenceTarget: harness.url.replace('http://', ''), referenceLossPct: 0 });
    const status = statusOfRow(harness.server.app.vigil, await localNode());
    const selfCheck = await lastSelfCheck();
    // Usable, unless this machine's own ICMP tool is broken (then the self-check is not ok at all).
    expect(status).toBe(selfCheck?.ok === true ? 'usable' : 'warning');
  }, 60_000);

  it('makes the node warning when its DNS server starts failing', async () => {
    startSync();
    await vi.waitFor(async () => expect(await lastSelfCheck()).toMatchObject({ nodeDnsOk: true }), { timeout: 20_000, interval: 100 });
    answering = false;
    await vi.waitFor(async () => expect(await lastSelfCheck()).toMatchObject({ nodeDnsOk: false }), { timeout: 20_000, interval: 100 });
    expect(statusOfRow(harness.server.app.vigil, await localNode())).not.toBe('usable');
    const window = JSON.parse((await localNode()).self_check_window) as { ok: boolean; degraded?: boolean }[];
    const last = window.at(-1);
    // Degraded; or failed outright where this machine's own ICMP tool is broken.
    expect(last?.degraded === true || last?.ok === false).toBe(true);
  }, 60_000);
});
