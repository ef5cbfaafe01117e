import { lookup } from 'node:dns/promises';
import { createConnection, createServer, type AddressInfo, type Server } from 'node:net';
import { AGENT_TOOL_ERRORS_MAX, type SelfCheck, type ToolCapabilities } from '../shared/calls/agent.js';
import type { Failure } from '../shared/probe/results.js';
import { Budget, settleWithin, startStopwatch } from './checks/clock.js';
import { CHECKS, type CheckRegistry } from './checks/registry.js';
import { locateTool } from './checks/tools.js';
import { IcmpToolWatch } from './self-check/icmp-tool.js';
import { checkNodeDns } from './self-check/node-dns.js';
import type { SelfCheckPlan } from './self-check/plan.js';
import { checkReference } from './self-check/reference.js';

export { ICMP_TOOL_RECHECK_MS, IcmpToolWatch } from './self-check/icmp-tool.js';
export { referenceTargetOf, selfCheckPlanOf, type ReferenceTarget, type SelfCheckPlan } from './self-check/plan.js';

/**
 * The agent's look at itself before each heartbeat: can it open a TCP connection over loopback,
 * resolve a name, run its ICMP tool (not at every heartbeat: IcmpToolWatch), ask its node's DNS
 * server, and reach its reference target (the Vigil server) without loss. The server derives the
 * node's status from these.
 */

const STEP_TIMEOUT_MS = 3_000;

export async function detectCapabilities(): Promise<ToolCapabilities> {
  const [ping, fping, traceroute, mtr] = await Promise.all(['ping', 'fping', 'traceroute', 'mtr'].map(async (tool) => (await locateTool(tool)) !== null));
  return { ping: ping ?? false, fping: fping ?? false, traceroute: traceroute ?? false, mtr: mtr ?? false };
}

const stepFailed = (error: unknown): Failure => ({ source: 'probe', code: 'tool_error', detail: String(error) });

/** Waits for one step within STEP_TIMEOUT_MS; null when it failed or overran (then `onExpire` cleans up). */
async function step<T>(work: Promise<T>, onExpire?: () => void): Promise<T | null> {
  const outcome = await settleWithin(work, new Budget(STEP_TIMEOUT_MS), stepFailed, onExpire);
  return outcome.ok ? outcome.value : null;
}

function listenOnLoopback(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Round trip of a TCP connect to a listener of our own on 127.0.0.1, in ms; null when it failed. */
export async function loopbackConnectMs(): Promise<number | null> {
  const server = createServer((socket) => socket.destroy());
  try {
    const port = await step(listenOnLoopback(server));
    if (port === null) return null;
    const watch = startStopwatch();
    const socket = createConnection({ host: '127.0.0.1', port });
    // The listener resets the connection at once; an error after the step must not go unheard.
    socket.on('error', () => undefined);
    const connected = new Promise<number>((resolve, reject) => {
      socket.once('connect', () => resolve(watch.elapsedMs()));
      socket.once('error', reject);
    });
    const connectMs = await step(connected, () => socket.destroy());
    socket.destroy();
    return connectMs;
  } finally {
    server.close();
  }
}

export async function resolverWorks(): Promise<boolean> {
  return (await step(lookup('localhost'))) !== null;
}

/**
 * `ok` is false when the node cannot probe: loopback, resolver or ICMP tool broken, or the reference
 * target wholly unreachable. Partial reference loss or a failing node DNS server leave `ok` true; the
 * server reads them as a degraded node.
 */
export async function runSelfCheck(
  registry: CheckRegistry = CHECKS,
  plan: SelfCheckPlan = {},
  icmpTool: IcmpToolWatch = new IcmpToolWatch(registry),
  now: () => number = Date.now,
): Promise<SelfCheck> {
  const [loopbackRttMs, dnsOk, icmpError, nodeDns, reference] = await Promise.all([
    loopbackConnectMs(),
    resolverWorks(),
    icmpTool.error(),
    checkNodeDns(registry, plan.dnsServer ?? null),
    checkReference(registry, plan.reference ?? null),
  ]);
  const toolErrors = icmpError ? [icmpError].slice(0, AGENT_TOOL_ERRORS_MAX) : [];
  const referenceReachable = reference.referenceLossPct !== 100;
  return {
    ok: loopbackRttMs !== null && dnsOk && toolErrors.length === 0 && referenceReachable,
    checkedAt: new Date(now()).toISOString(),
    loopbackRttMs,
    dnsOk,
    toolErrors,
    ...nodeDns,
    ...reference,
  };
}
