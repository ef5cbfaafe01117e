// One probe agent in its own process for the agent-scale figure: the product's startAgent with
// its default options, plus a lateness recorder the parent reads over IPC. agent-load.ts runs it
// bundled (scripts/build-agent.mjs) by plain node, as the agent is deployed.
// Messages: {type:'status'} → status; {type:'measure-start'}; {type:'measure-stop'} → lateness,
// delivery latency (a result's start to the server's answer that it is stored) and the calls to
// the server that failed meanwhile (`failedCalls` by call, a few `failureSamples`).
// BENCH_AGENT_FLUSH_MS, when set, replaces the batcher's interval (scale-side-by-side.ts compares them).
import { startAgent, type AgentStatus } from '../../../src/agent/agent.js';
import { DEFAULT_CONCURRENCY } from '../../../src/agent/config.js';
import { createLogger } from '../../../src/agent/log.js';
import { percentile } from './stats.js';

export interface LatenessSummary {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

let lateness: number[] | null = null;
let delivery: number[] | null = null;
/** Calls to the server that failed while measuring (timeouts, 5xx, refusals), by call. */
let failedCalls: Record<string, number> | null = null;
let failureSamples: string[] = [];

/** Every log line goes to stderr; while measuring, `call_failed` lines are also counted. */
function writeLog(line: string): void {
  process.stderr.write(`agent: ${line}\n`);
  if (!failedCalls || !line.includes('"call_failed"')) return;
  const fields = JSON.parse(line) as { call?: string; message?: string };
  const call = fields.call ?? 'unknown';
  failedCalls[call] = (failedCalls[call] ?? 0) + 1;
  if (failureSamples.length < 3) failureSamples.push(`${call}: ${fields.message ?? ''}`);
}
const agent = startAgent(
  {
    serverUrl: env('BENCH_AGENT_SERVER'),
    key: env('BENCH_AGENT_KEY'),
    dataDir: env('BENCH_AGENT_DATA_DIR'),
    allowPrivate: true,
    concurrency: DEFAULT_CONCURRENCY,
    logLevel: 'warn',
  },
  {
    logger: createLogger('warn', writeLog),
    ...(process.env.BENCH_AGENT_FLUSH_MS ? { flushMs: Number(process.env.BENCH_AGENT_FLUSH_MS) } : {}),
    onLateness: (lateMs) => lateness?.push(lateMs),
    onDelivered: (results) => {
      if (!delivery) return;
      const storedAt = Date.now();
      for (const item of results) delivery.push(storedAt - Date.parse(item.result.startedAt));
    },
  },
);

function summary(samples: readonly number[]): LatenessSummary {
  return { samples: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), max: percentile(samples, 100) };
}

process.on('message', (message: { type: string }) => {
  const reply = (answer: object) => process.send?.({ type: message.type, ...answer });
  if (message.type === 'status') reply({ status: agent.status() satisfies AgentStatus });
  if (message.type === 'measure-start') {
    lateness = [];
    delivery = [];
    failedCalls = {};
    failureSamples = [];
    reply({});
  }
  if (message.type === 'measure-stop') {
    reply({ lateness: summary(lateness ?? []), delivery: summary(delivery ?? []), status: agent.status(), failedCalls: failedCalls ?? {}, failureSamples });
    lateness = null;
    delivery = null;
    failedCalls = null;
  }
});

process.once('SIGTERM', () => {
  void agent.stop({ flush: true }).then(() => process.exit(0));
});
// The bench that started this process is gone: nothing would ever stop it.
process.once('disconnect', () => process.exit(1));
process.stdout.write('agent started\n');
