// Probe figures: the agent's CPU per check by type beside prometheus-blackbox-exporter on the same
// loopback targets at the same concurrency; batched ICMP beside one `ping` per check; TTFB
// accuracy at 100 concurrent checks. Every party runs in its own process: the targets, the server
// that takes the results, the agent, blackbox, so each CPU figure is one program's own.
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import type { TaskInput } from '../../src/server/modules/tasks/task-input.js';
import { progress, wants, type BenchOptions, type Figure } from './report.js';
import { agentCpuPerCheck } from './probes-checks/agent-cpu.js';
import { blackboxTargets, ensureBlackbox, startBlackbox, type BlackboxModule } from './probes-checks/blackbox.js';
import type { PingSpawnCost } from './probes-checks/ping-spawn.js';
import { CHECK_RATE_PER_SECOND, CONCURRENCY, DNS_NAME, type TargetPorts } from './probes-checks/plan.js';
import { startBenchChild } from './probes-checks/proc.js';
import { CONCURRENT_CHECKS, measureTiming, quantile } from './probes-checks/timing.js';

interface Sizes {
  warmupMs: number;
  measureMs: number;
  blackboxProbes: number;
  icmpMeasureMs: number;
  pings: number;
  timingRounds: { spread: number; burst: number };
}

const QUICK: Sizes = { warmupMs: 3_000, measureMs: 8_000, blackboxProbes: 4_000, icmpMeasureMs: 9_000, pings: 300, timingRounds: { spread: 3, burst: 1 } };
const FULL: Sizes = { warmupMs: 5_000, measureMs: 20_000, blackboxProbes: 15_000, icmpMeasureMs: 30_000, pings: 1_000, timingRounds: { spread: 10, burst: 3 } };

/** Tasks per checked type, each run once per agent "minute" of MINUTE_MS: CHECK_RATE_PER_SECOND. */
const MINUTE_MS = 1_000;
const TASKS_PER_TYPE = (CHECK_RATE_PER_SECOND * MINUTE_MS) / 1_000;
/**
 * ICMP: tasks on distinct loopback addresses, each every ICMP_MINUTE_MS, at the rate of the other
 * types. The "minute" is longer than a check (4 echoes 200 ms apart), so a task never overlaps itself.
 */
const ICMP_MINUTE_MS = 3_000;
const ICMP_TASKS = (CHECK_RATE_PER_SECOND * ICMP_MINUTE_MS) / 1_000;

type Task = Omit<TaskInput, 'nodeIds'>;

interface CheckedType {
  slug: 'tcp' | 'http' | 'https' | 'dns';
  module: BlackboxModule;
  /** Vigil/blackbox CPU ratio to meet. */
  ratioTarget: number;
  task: (ports: TargetPorts, index: number) => Task;
}

const taskBase = (slug: string, index: number): Pick<Task, 'name' | 'frequencyMinutes'> => ({ name: `bench ${slug} ${index}`, frequencyMinutes: 1 });

const CHECKED_TYPES: CheckedType[] = [
  { slug: 'tcp', module: 'tcp_connect', ratioTarget: 0.3, task: (ports, index) => ({ ...taskBase('tcp', index), type: MONITOR_TYPES.TCP, domain: '127.0.0.1', port: ports.tcp }) },
  {
    slug: 'http',
    module: 'http_2xx',
    ratioTarget: 0.3,
    task: (ports, index) => ({ ...taskBase('http', index), type: MONITOR_TYPES.HTTP, domain: '127.0.0.1', port: ports.http, otherPath: '/ok' }),
  },
  {
    slug: 'https',
    module: 'https_2xx',
    ratioTarget: 1.0,
    task: (ports, index) => ({ ...taskBase('https', index), type: MONITOR_TYPES.HTTPS, domain: '127.0.0.1', port: ports.https, otherPath: '/ok' }),
  },
  {
    slug: 'dns',
    module: 'dns_a',
    ratioTarget: 0.3,
    task: (ports, index) => ({ ...taskBase('dns', index), type: MONITOR_TYPES.DNS, domain: DNS_NAME, dnsServers: [`127.0.0.1:${ports.dns}`], protocol: 'A' }),
  },
];

const informative = (name: string, value: number, unit: string): Figure => ({ name, value, unit, target: null, better: 'lower' });
const targeted = (name: string, value: number, unit: string, target: string): Figure => ({ name, value, unit, target, better: 'lower' });

async function agentFigures(ports: TargetPorts, sizes: Sizes, types: readonly CheckedType[]): Promise<Map<string, number>> {
  const perCheck = new Map<string, number>();
  for (const type of types) {
    progress(`probes: agent CPU per ${type.slug} check (${TASKS_PER_TYPE} tasks, ${TASKS_PER_TYPE / (MINUTE_MS / 1000)} checks/s, concurrency ${CONCURRENCY})`);
    const tasks = Array.from({ length: TASKS_PER_TYPE }, (_, index) => type.task(ports, index));
    const cpu = await agentCpuPerCheck({ label: type.slug, tasks, minuteMs: MINUTE_MS, warmupMs: sizes.warmupMs, measureMs: sizes.measureMs, withChildren: false });
    perCheck.set(type.slug, cpu.microsPerCheck);
  }
  return perCheck;
}

async function blackboxFigures(ports: TargetPorts, sizes: Sizes, types: readonly CheckedType[]): Promise<Map<string, number> | string> {
  const present = ensureBlackbox();
  if (!present.ok) return present.reason;
  const blackbox = await startBlackbox();
  const targets = blackboxTargets(ports);
  const perProbe = new Map<string, number>();
  try {
    for (const type of types) {
      progress(`probes: blackbox CPU per ${type.module} probe (${sizes.blackboxProbes} probes at ${CHECK_RATE_PER_SECOND}/s, at most ${CONCURRENCY} in flight)`);
      perProbe.set(type.slug, await blackbox.cpuPerProbe(type.module, targets[type.module], sizes.blackboxProbes, CHECK_RATE_PER_SECOND));
    }
  } finally {
    await blackbox.stop();
  }
  return perProbe;
}

function sideBySide(agent: Map<string, number>, blackbox: Map<string, number> | string, types: readonly CheckedType[]): Figure[] {
  const figures: Figure[] = [];
  for (const type of types) {
    const ours = agent.get(type.slug) ?? Number.NaN;
    const theirs = typeof blackbox === 'string' ? Number.NaN : (blackbox.get(type.slug) ?? Number.NaN);
    const unavailable = typeof blackbox === 'string' ? `unavailable: blackbox ${blackbox}` : null;
    const ratioTarget = `≤ ${type.ratioTarget.toFixed(1)}`;
    figures.push(
      informative(`probes.${type.slug}.cpu_per_check`, ours, 'µs'),
      { ...informative(`probes.${type.slug}.blackbox_cpu_per_probe`, theirs, 'µs'), target: unavailable },
      targeted(`probes.${type.slug}.cpu_ratio_vs_blackbox`, ours / theirs, '×', unavailable ? `${ratioTarget}; ${unavailable}` : ratioTarget),
    );
  }
  return figures;
}

async function icmpFigures(sizes: Sizes): Promise<Figure[]> {
  progress(`probes: agent CPU per ICMP check with its fping children (${ICMP_TASKS} tasks on distinct loopback addresses, ${Math.round((ICMP_TASKS * 1000) / ICMP_MINUTE_MS)} checks/s)`);
  const tasks: Task[] = Array.from({ length: ICMP_TASKS }, (_, index) => ({
    ...taskBase('icmp', index),
    type: MONITOR_TYPES.ICMP,
    domain: `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  }));
  const batched = await agentCpuPerCheck({ label: 'icmp', tasks, minuteMs: ICMP_MINUTE_MS, warmupMs: sizes.warmupMs, measureMs: sizes.icmpMeasureMs, withChildren: true });
  progress(`probes: one \`ping -c 1\` spawned per check (${sizes.pings} checks, ${CONCURRENCY} at a time)`);
  const { child } = await startBenchChild<null>('ping-spawn');
  let spawned: PingSpawnCost;
  try {
    spawned = await child.call<PingSpawnCost>('measure', sizes.pings);
  } finally {
    await child.stop();
  }
  if (spawned.failed > 0) progress(`probes: WARNING ${spawned.failed} of ${sizes.pings} spawned pings failed`);
  return [
    informative('probes.icmp.cpu_per_check', batched.microsPerCheck, 'µs'),
    informative('probes.icmp.ping_spawn_cpu_per_check', spawned.microsPerCheck, 'µs'),
    targeted('probes.icmp.cpu_ratio_vs_spawn', batched.microsPerCheck / spawned.microsPerCheck, '×', '≤ 0.05'),
  ];
}

export async function probeCheckFigures(options: BenchOptions): Promise<Figure[]> {
  const sizes = options.quick ? QUICK : FULL;
  const types = CHECKED_TYPES.filter((type) => wants(options, `probes.${type.slug}`));
  const [icmp, timing] = [wants(options, 'probes.icmp'), wants(options, 'probes.timing')];
  const figures: Figure[] = [];
  if (types.length > 0) {
    progress('probes: starting loopback targets');
    const { child: targets, ready: ports } = await startBenchChild<TargetPorts>('targets');
    try {
      const agent = await agentFigures(ports, sizes, types);
      const blackbox = await blackboxFigures(ports, sizes, types);
      if (typeof blackbox === 'string') progress(`probes: blackbox figures unavailable: ${blackbox}`);
      figures.push(...sideBySide(agent, blackbox, types));
    } finally {
      await targets.stop();
    }
  }
  if (icmp) figures.push(...(await icmpFigures(sizes)));
  if (timing) figures.push(...timingFigures(await measureTiming(sizes.timingRounds)));
  return figures;
}

function timingFigures(timing: Awaited<ReturnType<typeof measureTiming>>): Figure[] {
  return [
    informative(`probes.http.ttfb_error_p50_at_${CONCURRENT_CHECKS}_concurrent`, quantile(timing.spread.errorsMs, 0.5), 'ms'),
    targeted(`probes.http.ttfb_error_p99_at_${CONCURRENT_CHECKS}_concurrent`, quantile(timing.spread.errorsMs, 0.99), 'ms', '≤ 1'),
    informative(`probes.http.ttfb_error_p99_${CONCURRENT_CHECKS}_started_at_once`, quantile(timing.burst.errorsMs, 0.99), 'ms'),
    informative(`probes.http.ttfb_error_p99_at_${CONCURRENT_CHECKS}_concurrent_normal_scheduling`, quantile(timing.spreadNormal.errorsMs, 0.99), 'ms'),
  ];
}
