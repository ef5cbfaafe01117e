import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { createHarness, type Harness, type LoggedLine, waitFor } from './helpers/agent-harness.js';
import { createTestNamespace, namespaceUnavailableReason, relayTo, type TestNamespace } from './helpers/netns.js';
import { startTcpListener, type TcpListener } from './helpers/servers.js';

/**
 * The real agent process in a network namespace of its own whose only way out is a veth link the
 * test takes down and up. Its node's DNS server is never routable. Losing the route, and starting
 * without one, must leave the process running with its spool; the route back delivers everything.
 */

const unavailable = namespaceUnavailableReason();

interface AgentProcess {
  child: ChildProcess;
  lines: LoggedLine[];
  exited: Promise<number | null>;
  saw(event: string, match?: (line: LoggedLine) => boolean): boolean;
}

let ns: TestNamespace;
let harness: Harness;
let target: TcpListener;
let forwarder: Server;
let serverUrl: string;
let dataDir: string;
const processes: AgentProcess[] = [];

function startAgentProcess(): AgentProcess {
  const command = [process.execPath, '--import', 'tsx', 'src/agent/main.ts', '--server', serverUrl, '--key', harness.key, '--data-dir', dataDir, '--allow-private'];
  const inside = spawn('ip', ns.execArgs(command), { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: LoggedLine[] = [];
  createInterface({ input: inside.stdout }).on('line', (line) => {
    try {
      lines.push(JSON.parse(line) as LoggedLine);
    } catch {
      lines.push({ event: 'unparsed', line });
    }
  });
  createInterface({ input: inside.stderr }).on('line', (line) => lines.push({ event: 'stderr', line }));
  const exited = new Promise<number | null>((resolve) => inside.on('exit', (code) => resolve(code)));
  const running: AgentProcess = {
    child: inside,
    lines,
    exited,
    saw: (event, match = () => true) => lines.some((line) => line.event === event && match(line)),
  };
  processes.push(running);
  return running;
}

/** waitFor, failing with the agent's last log lines (what it was doing instead). */
async function waitOn(agent: AgentProcess, description: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  try {
    await waitFor(description, () => {
      if (!alive(agent)) throw new Error(`the agent exited while waiting for ${description}`);
      return condition();
    }, timeoutMs);
  } catch (error) {
    const recent = agent.lines.slice(-15).map((line) => JSON.stringify(line));
    throw new Error(`${(error as Error).message}; alive ${alive(agent)}; the agent's last lines:\n${recent.join('\n')}`, { cause: error });
  }
}

const batchesInSpool = (): number => readdirSync(join(dataDir, 'spool')).filter((name) => name.endsWith('.json')).length;

const alive = (agent: AgentProcess): boolean => agent.child.exitCode === null && agent.child.signalCode === null;

async function stopGracefully(agent: AgentProcess): Promise<number | null> {
  agent.child.kill('SIGTERM');
  return agent.exited;
}

async function storedFailures(code: string): Promise<number> {
  const row = await harness.server.db
    .selectFrom('results')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('node_id', '=', harness.nodeId)
    .where('failure_code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function storedOk(): Promise<number> {
  const row = await harness.server.db
    .selectFrom('results')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('node_id', '=', harness.nodeId)
    .where('failure_code', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe.skipIf(unavailable !== null)(`an agent process whose network comes and goes${unavailable ? ` (skipped: ${unavailable})` : ''}`, () => {
  beforeAll(async () => {
    ns = createTestNamespace();
    harness = await createHarness();
    target = await startTcpListener(ns.hostIp);
    forwarder = await relayTo(Number(new URL(harness.url).port), ns.hostIp);
    serverUrl = `http://${ns.hostIp}:${(forwarder.address() as AddressInfo).port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'vigil-agent-netns-'));
    // The node's own DNS server: routable from nowhere inside the namespace.
    await harness.server.db.updateTable('nodes').set({ dns_server: ns.unroutableIp }).where('id', '=', harness.nodeId).execute();
    // Tasks with phases spread over the minute, so some check runs soon in each phase of the test.
    for (let serial = 1; serial <= 10; serial += 1) {
      await harness.task({ type: MONITOR_TYPES.TCP, domain: ns.hostIp, port: target.port, name: `tcp ${serial}` });
    }
    for (let serial = 1; serial <= 2; serial += 1) {
      await harness.task({ type: MONITOR_TYPES.DNS, domain: 'example.com', dnsServers: [ns.unroutableIp], name: `dns ${serial}` });
    }
  });
  afterAll(async () => {
    for (const agent of processes) if (alive(agent)) agent.child.kill('SIGKILL');
    await Promise.all(processes.map((agent) => agent.exited));
    ns?.remove();
    forwarder?.close();
    await target?.close();
    await harness?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps running and spooling without a route, then delivers everything when the route is back', async () => {
    ns.restoreRoute();
    const first = startAgentProcess();
    // Registered, self-checked against the unroutable DNS server, first checks delivered.
    await waitOn(first, 'the first self-check', () => first.saw('self_check', (line) => line.nodeDnsOk === false), 60_000);
    await waitOn(first, 'first results stored', async () => (await storedOk()) >= 10, 60_000);
    await waitOn(first, 'the DNS checks against the unroutable server stored as results', async () => (await storedFailures('unreachable')) >= 2, 60_000);
    expect(alive(first)).toBe(true);

    // The route goes away under the running agent: its self-check loses the reference, checks fail, results wait.
    ns.cutRoute();
    const offlineFailures = () => first.lines.filter((line) => line.event === 'self_check' && line.referenceLossPct === 100).length;
    await waitOn(first, 'a self-check without a route', () => offlineFailures() >= 1, 60_000);
    await waitOn(first, 'results spooled while offline', () => batchesInSpool() >= 1, 60_000);
    expect(alive(first)).toBe(true);
    expect(await stopGracefully(first)).toBe(0);
    const kept = batchesInSpool();
    expect(kept).toBeGreaterThanOrEqual(1);

    // A new process starts with no route at all: it keeps the spool and goes on checking its cached tasks.
    const second = startAgentProcess();
    await waitOn(second, 'registration failing without a route', () => second.saw('register_failing'), 60_000);
    await waitOn(second, 'a cached task checked while offline', () => batchesInSpool() > kept, 90_000);
    expect(alive(second)).toBe(true);

    // The route comes back: the agent registers and everything spooled reaches the server.
    const unreachableBefore = await storedFailures('unreachable');
    ns.restoreRoute();
    await waitOn(second, 'registered again', () => second.saw('registered'), 60_000);
    await waitOn(second, 'the spool delivered', () => batchesInSpool() === 0, 90_000);
    // Checks made without a route are results saying so, not lost and not fatal.
    expect(await storedFailures('unreachable')).toBeGreaterThan(unreachableBefore);
    expect(alive(second)).toBe(true);
    expect(await stopGracefully(second)).toBe(0);
    // Every failure was handled where it happened, none by the last resort.
    expect([...first.lines, ...second.lines].filter((line) => line.event === 'uncaught_error' || line.event === 'stderr')).toEqual([]);
  }, 400_000);
});
