// The `scale` bench's stack several times at once, one per variant (not part of `npm run bench`):
// each an API server and an agent holding 1,000 one-minute HTTP tasks on one shared loopback target,
// with its own node options or server bundle. Prints each stack's CPU per stored result (agent,
// server, all-in) per window, and over the bench's own window (80-320 s). Variants run at the same
// time, so the machine's load falls on all alike: two stacks of the same code read within about
// 0.01 ms of each other, where one bench run after another differ by ±0.02 per party
// (docs/architecture.md, "Performance: CPU per check").
//
//   VIGIL_SCALE_VARIANTS='[{"name":"main"},{"name":"main again"},{"name":"spark","agent":["--always-sparkplug"]}]' \
//     npx tsx scripts/bench/scale-side-by-side.ts
//
// A variant may name `serverBundle`: a bundle of scripts/bench/probes-scale/server-process.ts built
// from other code, with the SQLite threads' bundles beside it (copy dist/bench/ whole), and
// `agentFlushMs`: the agent's batch interval instead of BATCH_FLUSH_MS. The delivery latency's p95
// over the bench's window is printed after it.
// VIGIL_SCALE_WARM_UP_S (80), VIGIL_SCALE_WINDOW_S (120) and VIGIL_SCALE_WINDOWS (3) set the timing.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { waitForAssignments } from './probes-scale/agent-load.js';
import { ask, childStarter, cpuSeconds, startTargets, stopChild, type StartChild } from './probes-scale/children.js';
import type { LatenessSummary } from './probes-scale/agent-process.js';
import { startStack, storedResults, TASKS, type Parties } from './scale.js';

const Variants = z.array(z.object({ name: z.string(), agent: z.array(z.string()).default([]), server: z.array(z.string()).default([]), serverBundle: z.string().optional(), agentFlushMs: z.number().int().positive().optional() })).min(1);
type Variant = z.infer<typeof Variants>[number];

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback) * 1000;
const WARM_UP_MS = seconds('VIGIL_SCALE_WARM_UP_S', 80);
const WINDOW_MS = seconds('VIGIL_SCALE_WINDOW_S', 120);
const WINDOWS = Number(process.env.VIGIL_SCALE_WINDOWS ?? 3);
/** Printed over the windows that make up the bench's own 240 s after its 80 s warm-up. */
const BENCH_WINDOWS = Math.round(240_000 / WINDOW_MS);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stack extends Parties {
  variant: Variant;
}

interface Reading {
  agent: number;
  server: number;
  stored: number;
}

function read(stack: Stack): Reading {
  return { agent: cpuSeconds(stack.agent.pid ?? 0), server: cpuSeconds(stack.server.pid ?? 0), stored: storedResults(stack.dbFile) };
}

/** Ends the agent's measuring (started after the warm-up) and names its delivery p95. */
async function endDeliveryMeasure(stack: Stack): Promise<string> {
  const { delivery } = await ask<{ delivery: LatenessSummary }>(stack.agent, { type: 'measure-stop' });
  return `${stack.variant.name}: ${delivery.p95}`;
}

function perStored(from: Reading, to: Reading): string {
  const stored = to.stored - from.stored;
  const ms = (cpuS: number) => ((cpuS * 1000) / stored).toFixed(3);
  const agent = to.agent - from.agent;
  const server = to.server - from.server;
  return `all-in ${ms(agent + server)} (agent ${ms(agent)}, server ${ms(server)}; ${stored} stored)`;
}

async function startVariant(start: StartChild, variant: Variant, httpPort: number, dir: string): Promise<Stack> {
  const server = { builtFile: variant.serverBundle, nodeOptions: variant.server };
  const parties = await startStack(start, dir, httpPort, { what: `one-minute HTTP tasks for "${variant.name}"`, server, agentOptions: variant.agent, agentFlushMs: variant.agentFlushMs });
  return { variant, ...parties };
}

async function run(variants: Variant[], dir: string, children: ChildProcess[]): Promise<void> {
  const start = childStarter(children);
  const { httpPort } = await startTargets(start);
  const stacks: Stack[] = [];
  for (const [index, variant] of variants.entries()) stacks.push(await startVariant(start, variant, httpPort, join(dir, String(index))));
  await Promise.all(stacks.map((stack) => waitForAssignments(stack.agent, TASKS)));
  console.log(`${new Date().toISOString()} every agent holds ${TASKS} assignments; warming up ${WARM_UP_MS / 1000} s`);
  await sleep(WARM_UP_MS);
  await Promise.all(stacks.map((stack) => ask(stack.agent, { type: 'measure-start' })));
  const first = stacks.map(read);
  let last = first;
  for (let window = 1; window <= WINDOWS; window += 1) {
    await sleep(WINDOW_MS);
    const now = stacks.map(read);
    const line = (from: Reading[]) => stacks.map((stack, index) => `${stack.variant.name}: ${perStored(from[index] as Reading, now[index] as Reading)}`).join(' | ');
    console.log(`${new Date().toISOString()} window ${window}: ${line(last)}`);
    if (window === BENCH_WINDOWS) {
      console.log(`${new Date().toISOString()} the bench's window: ${line(first)}`);
      console.log(`delivery p95 (ms): ${(await Promise.all(stacks.map(endDeliveryMeasure))).join(' | ')}`);
    }
    last = now;
  }
}

const variants = Variants.parse(JSON.parse(process.env.VIGIL_SCALE_VARIANTS ?? '[{"name":"this checkout"}]'));
const dir = mkdtempSync(join(tmpdir(), 'vigil-scale-side-by-side-'));
const children: ChildProcess[] = [];
try {
  await run(variants, dir, children);
} finally {
  await Promise.all(children.map((child) => stopChild(child)));
  rmSync(dir, { recursive: true, force: true });
}
