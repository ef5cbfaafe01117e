// Load (issue 14): 20 agents × 500 one-minute HTTP tasks plus 50 console users polling the task
// list and the overview, on SQLite with one instance and on PostgreSQL with two: the API's p95 as
// the users see it and the calls that failed. `--quick` runs a fifth of the size, named in the figure.
import { percentile } from './probes-scale/stats.js';
import { runLoad, type Deployment, type LoadSizes, type Watched } from './load/scenario.js';
import { progress, wants, type BenchOptions, type Figure } from './report.js';

const FULL: LoadSizes = { agents: 20, tasksPerAgent: 500, users: 50, listEveryMs: 10_000, overviewEveryMs: 60_000, warmUpMs: 60_000, measureMs: 120_000 };
const QUICK: LoadSizes = { agents: 4, tasksPerAgent: 100, users: 10, listEveryMs: 10_000, overviewEveryMs: 60_000, warmUpMs: 20_000, measureMs: 40_000 };

const DEPLOYMENTS: Deployment[] = [
  { label: 'sqlite', engine: 'sqlite', instances: 1 },
  { label: 'postgres_2_instances', engine: 'postgres', instances: 2 },
];

/**
 * Why a p95 is high (informative): the agents' calls that failed (the server did not answer in
 * time) and how long a ready request waited for a server's event loop (the worst instance), over
 * the measured window and over the agents' set-up (registering, taking and acknowledging their
 * tasks, until 10 s after all hold them; no console user yet).
 */
function watchedFigures(prefix: string, stretch: 'window' | 'setup', watched: Watched): Figure[] {
  const failed = Object.values(watched.agentFailedCalls).reduce((sum, count) => sum + count, 0);
  if (failed > 0) progress(`${prefix}: agents' failed calls (${stretch}) ${JSON.stringify(watched.agentFailedCalls)}: ${watched.agentFailureSamples.join(' | ')}`);
  const suffix = stretch === 'setup' ? '_setup' : '';
  return [
    { name: `${prefix}.agent_failed_calls${suffix}`, value: failed, unit: 'calls', target: null, better: 'lower' },
    { name: `${prefix}.server_loop_delay_p99_ms${suffix}`, value: watched.loopDelay.p99Ms, unit: 'ms', target: null, better: 'lower' },
    { name: `${prefix}.server_loop_delay_max_ms${suffix}`, value: watched.loopDelay.maxMs, unit: 'ms', target: null, better: 'lower' },
  ];
}

export async function loadFigures(options: BenchOptions): Promise<Figure[]> {
  const sizes = options.quick ? QUICK : FULL;
  const size = options.quick ? `_${sizes.agents}x${sizes.tasksPerAgent}_quick` : '';
  const figures: Figure[] = [];
  // `--only load.sqlite` runs one deployment.
  for (const deployment of DEPLOYMENTS.filter((candidate) => wants(options, `load.${candidate.label}`))) {
    const prefix = `load.${deployment.label}${size}`;
    const outcome = await runLoad(sizes, deployment).catch((error: unknown) => {
      // One deployment that cannot run (e.g. no PostgreSQL here) still lets the other's figures print.
      progress(`${prefix}: could not run: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (!outcome) continue;
    progress(`${prefix}: ${outcome.calls} calls, ${outcome.errors} failed${outcome.errorSamples.length ? `: ${outcome.errorSamples.join(' | ')}` : ''}`);
    figures.push(
      { name: `${prefix}.api_p95_ms`, value: percentile(outcome.latenciesMs, 95), unit: 'ms', target: '≤ 100', better: 'lower' },
      { name: `${prefix}.errors`, value: outcome.errors, unit: `of ${outcome.calls} calls`, target: '≤ 0', better: 'lower' },
      { name: `${prefix}.results_stored_per_s`, value: outcome.storedPerSecond, unit: 'results/s', target: null, better: 'higher' },
      ...Object.entries(outcome.byCall).map(([call, latencies]): Figure => ({ name: `${prefix}.${call}_p95_ms`, value: percentile(latencies, 95), unit: `ms (${latencies.length} calls)`, target: null, better: 'lower' })),
      ...watchedFigures(prefix, 'window', outcome.window),
      ...watchedFigures(prefix, 'setup', outcome.setup),
    );
  }
  return figures;
}
