// The two reads the load figure's console users poll, alone: the task list (page 1, newest first,
// last hour) and the overview (last hour) of one customer's 10,000 one-minute HTTP tasks, through the
// whole app in this process, one call at a time, on SQLite and on PostgreSQL. What a "last hour" read
// costs depends on where the clock stands in its minute and hour (the edge hours are read as rollups
// less or plus the minutes at their edges), so the calls are spread over clocks a quarter hour apart.
// Informative beside `load` (whose p95 also holds queueing behind ingest on a shared machine): the
// cost of one call, which 50 users × 6 calls a minute multiply.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { MONITOR_TYPES } from '../../src/shared/codes.js';
import { DEFAULT_PAGE_SIZE } from '../../src/shared/constants.js';
import { openReadsStore, READS_PASSWORD, type ReadsStore } from './load/reads-store.js';
import { percentile, timeRuns } from './probes-scale/stats.js';
import { progress, wants, type BenchOptions, type Figure } from './report.js';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

interface Reader {
  app: FastifyInstance;
  authorization: string;
  setClock(time: number): void;
}

async function openReader(store: ReadsStore, firstClock: number): Promise<Reader> {
  let clock = firstClock;
  const app = await buildApp({ ...loadConfig(store.env), platformSecret: 'bench-platform-secret-0123' }, { db: store.db, logger: false, now: () => clock });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { account: store.account, password: READS_PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`the bench sign-in answered ${login.statusCode}`);
  return { app, authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}`, setClock: (time) => (clock = time) };
}

async function ask(reader: Reader, path: string, payload: Record<string, unknown>): Promise<{ total?: number }> {
  const answer = await reader.app.inject({ method: 'POST', url: `/api/${path}`, headers: { authorization: reader.authorization }, payload });
  if (answer.statusCode !== 200) throw new Error(`/${path} answered ${answer.statusCode}: ${answer.body.slice(0, 200)}`);
  return answer.json<{ data: { total?: number } }>().data;
}

const LIST_BODY = { type: MONITOR_TYPES.HTTP, page: 1, pageSize: DEFAULT_PAGE_SIZE, hours: 1 };

export async function loadReadsFigures(options: BenchOptions): Promise<Figure[]> {
  const nodes = 20;
  const tasksPerNode = options.quick ? 100 : 500;
  const runs = options.quick ? 5 : 10;
  const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  // Mid-minute, at 0, 15, 30 and 45 minutes past the hour.
  const clocks = [1, 15, 30, 45].map((minute) => end + minute * MINUTE_MS + 29_500);
  const figures: Figure[] = [];
  for (const engine of ['sqlite', 'postgres'] as const) {
    if (!wants(options, `load_reads.${engine}`)) continue;
    const prefix = `load_reads.${engine}_${nodes * tasksPerNode}_tasks`;
    const store = await openReadsStore({ engine, nodes, tasksPerNode, end }).catch((error: unknown) => {
      progress(`${prefix}: could not run: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (!store) continue;
    const reader = await openReader(store, clocks[0] ?? end);
    try {
      const samples: Record<'list' | 'overview', number[]> = { list: [], overview: [] };
      for (const clock of clocks) {
        progress(`${prefix}: filling the rows of the 3 h before ${new Date(clock).toISOString().slice(11, 19)} (none after it)`);
        await store.fillUntil(clock);
        reader.setClock(clock);
        const { total } = await ask(reader, 'domain/list', LIST_BODY);
        if (total !== nodes * tasksPerNode) throw new Error(`the list counts ${total} tasks`);
        await ask(reader, 'domain/overview', { hours: 1 });
        samples.list.push(...(await timeRuns(runs, () => ask(reader, 'domain/list', LIST_BODY))));
        samples.overview.push(...(await timeRuns(runs, () => ask(reader, 'domain/overview', { hours: 1 }))));
        progress(`${prefix}: at ${new Date(clock).toISOString().slice(11, 19)} list p50 ${percentile(samples.list.slice(-runs), 50).toFixed(1)} ms, overview p50 ${percentile(samples.overview.slice(-runs), 50).toFixed(1)} ms`);
      }
      for (const [call, latencies] of Object.entries(samples)) {
        figures.push({ name: `${prefix}.${call}_p95_ms`, value: percentile(latencies, 95), unit: `ms (${latencies.length} calls, one at a time)`, target: null, better: 'lower' });
      }
    } finally {
      await reader.app.close();
      await store.close();
    }
  }
  return figures;
}
