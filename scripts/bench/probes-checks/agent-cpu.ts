// Vigil's CPU per check: the real agent (its own process) runs a set of tasks against the loopback
// targets through a real server (another process). The window starts and ends right after a
// delivery, so it holds whole cycles of scheduling, checking, spooling and sending.
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { bundleIfStale } from '../../build-agent.mjs';
import { progress } from '../report.js';
import type { AgentSample } from './agent.js';
import { startBenchChild, type BenchChild } from './proc.js';
import type { ServerReady, StoredResults } from './server.js';

export interface AgentRun {
  label: string;
  tasks: Omit<TaskInput, 'nodeIds'>[];
  /** The agent's scheduling minute: each one-minute task runs once per minuteMs. */
  minuteMs: number;
  warmupMs: number;
  measureMs: number;
  /** Counts the CPU of the tool processes the agent runs (fping) with the agent's own. */
  withChildren: boolean;
}

export interface AgentCpu {
  microsPerCheck: number;
  /** Of which the agent's own time in the kernel. */
  systemMicrosPerCheck: number;
  /** Of which the tool processes' (fping), when counted. */
  toolMicrosPerCheck: number;
  checks: number;
  checksPerSecond: number;
  /** Share of the agent's CPU of one core over the window. */
  coreShare: number;
}

/**
 * The agent child (agent.ts) bundled like the product's agent (scripts/build-agent.mjs) and run by
 * plain node, as deployed: no tsx loader in the measured process.
 */
const builtAgentChild = (): Promise<string> => bundleIfStale('scripts/bench/probes-checks/agent.ts', 'dist/bench/probes-checks-agent.mjs', ['scripts/bench/probes-checks']);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(agent: BenchChild, description: string, condition: (sample: AgentSample) => boolean, timeoutMs = 120_000): Promise<AgentSample> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sample = await agent.call<AgentSample>('sample');
    if (condition(sample)) return sample;
    if (Date.now() > deadline) throw new Error(`agent bench: timed out waiting for ${description}`);
    await sleep(20);
  }
}

/** The first sample after the delivered count moves on from `after`. */
const nextDelivery = (agent: BenchChild, after: AgentSample): Promise<AgentSample> =>
  waitUntil(agent, 'a delivery', (sample) => sample.status.resultsDelivered > after.status.resultsDelivered, 30_000);

const cpuOf = (sample: AgentSample, withChildren: boolean): number => sample.selfMicros + (withChildren ? sample.childrenMicros : 0);

async function measure(agent: BenchChild, run: AgentRun): Promise<AgentCpu> {
  const taskCount = run.tasks.length;
  await waitUntil(agent, 'assignments and first results', (sample) => sample.status.assignments === taskCount && sample.status.resultsDelivered >= taskCount);
  await sleep(run.warmupMs);
  const start = await nextDelivery(agent, await agent.call<AgentSample>('sample'));
  const startedAt = performance.now();
  await sleep(run.measureMs);
  const end = await nextDelivery(agent, await agent.call<AgentSample>('sample'));
  const seconds = (performance.now() - startedAt) / 1000;
  const checks = end.status.resultsDelivered - start.status.resultsDelivered;
  if (checks <= 0) throw new Error(`agent bench ${run.label}: no results delivered while measuring`);
  const micros = cpuOf(end, run.withChildren) - cpuOf(start, run.withChildren);
  const toolMicros = run.withChildren ? end.childrenMicros - start.childrenMicros : 0;
  return { microsPerCheck: micros / checks, systemMicrosPerCheck: (end.systemMicros - start.systemMicros) / checks, toolMicrosPerCheck: toolMicros / checks, checks, checksPerSecond: checks / seconds, coreShare: micros / 1e6 / seconds };
}

function describeStored(label: string, stored: StoredResults): void {
  const failed = stored.total - stored.ok;
  if (failed === 0) return;
  const share = ((failed / Math.max(1, stored.total)) * 100).toFixed(1);
  progress(`probes: WARNING ${label}: ${failed} of ${stored.total} results failed (${share}%): ${JSON.stringify(stored.failures)}`);
  if (failed > stored.total * 0.01) throw new Error(`agent bench ${label}: checks failed against the loopback targets: ${JSON.stringify(stored.failures)}`);
}

/** Runs the tasks on a fresh server with a fresh agent; answers the agent's CPU per check. */
export async function agentCpuPerCheck(run: AgentRun): Promise<AgentCpu> {
  const { child: server, ready } = await startBenchChild<ServerReady>('server');
  let agent: BenchChild | undefined;
  try {
    await server.call('tasks', run.tasks);
    agent = (await startBenchChild<null>('agent', [ready.url, ready.key, String(run.minuteMs)], await builtAgentChild())).child;
    const figures = await measure(agent, run);
    await agent.stop();
    agent = undefined;
    describeStored(run.label, await server.call<StoredResults>('results'));
    const core = (figures.coreShare * 100).toFixed(0);
    const perCheck = (micros: number): string => `${micros.toFixed(0)} µs`;
    const tools = run.withChildren ? `, tools ${perCheck(figures.toolMicrosPerCheck)}` : '';
    const split = `${perCheck(figures.microsPerCheck)} per check: agent kernel ${perCheck(figures.systemMicrosPerCheck)}${tools}`;
    progress(`probes: ${run.label}: ${figures.checks} checks at ${figures.checksPerSecond.toFixed(0)}/s, agent CPU ${core}% of a core; ${split}`);
    return figures;
  } finally {
    await agent?.stop();
    await server.stop();
  }
}
