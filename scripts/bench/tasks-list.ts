// The task list page as the console asks it: POST /api/domain/list through the whole app (session,
// validation, the list read, the envelope) on 1,000 one-minute HTTP tasks × 10 nodes of one customer
// with 30 days of hour rollups (quick: 7 days). All tasks share one type on purpose: the list reads
// every task of the listed type, so this is the heaviest list 1,000 tasks can make. Variants: the
// default page (10 rows, newest first, last hour), a service status filter, sort by availability,
// a keyword, 100 rows, the last 7 days and (informative, not in the mix) the last 30 days.
import type { DomainListAnswer, DomainListBody } from '../../src/shared/calls/domain-list.js';
import { MONITOR_TYPES, SERVICE_STATUS } from '../../src/shared/codes.js';
import { seededRandom } from './probes-scale/results.js';
import { percentile, timeRuns } from './probes-scale/stats.js';
import { progress, type BenchOptions, type Figure } from './report.js';
import { openListStore, type ListStore } from './tasks-list-store.js';

const NODES = 10;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Span = '1h' | '7d' | '30d';

interface Variant {
  label: string;
  span: Span;
  /** In the page_p95 mix: what the console asks as it opens and filters the list. */
  inMix: boolean;
  body: (now: number) => Partial<DomainListBody>;
}

const VARIANTS: readonly Variant[] = [
  { label: 'default page', span: '1h', inMix: true, body: () => ({}) },
  { label: 'normal tasks only', span: '1h', inMix: true, body: () => ({ serviceStatus: SERVICE_STATUS.NORMAL }) },
  { label: 'sorted by availability', span: '1h', inMix: true, body: () => ({ sortBy: 'availability', sortOrder: 'asc' }) },
  { label: 'keyword', span: '1h', inMix: true, body: () => ({ keyword: 'site12', page: 1 }) },
  { label: '100 rows', span: '1h', inMix: true, body: () => ({ pageSize: 100 }) },
  { label: 'last 7 days', span: '7d', inMix: true, body: () => ({ hours: 168 }) },
  { label: 'last 30 days', span: '30d', inMix: false, body: (now) => ({ from: now - 30 * DAY_MS, to: now }) },
];

async function askList(store: ListStore, body: Partial<DomainListBody>): Promise<DomainListAnswer> {
  const answer = await store.app.inject({
    method: 'POST',
    url: '/api/domain/list',
    headers: { authorization: store.authorization },
    payload: { type: MONITOR_TYPES.HTTP, ...body },
  });
  if (answer.statusCode !== 200) throw new Error(`/domain/list answered ${answer.statusCode}: ${answer.body}`);
  return answer.json<{ data: DomainListAnswer }>().data;
}

/** The list must show what a user would see: every task counted, the page's rows with figures. */
async function checkAnswers(store: ListStore, tasks: number, now: number): Promise<void> {
  for (const body of [{}, { hours: 168 as const }]) {
    const answer = await askList(store, body);
    if (answer.total !== tasks) throw new Error(`the list counts ${answer.total} tasks, ${tasks} wanted`);
    if (answer.list.length !== 10 || answer.list.some((row) => row.availabilityPercent === null)) throw new Error('list rows miss their figures');
  }
  const keyword = await askList(store, { keyword: 'site12' });
  if (keyword.total === 0) throw new Error(`the keyword finds nothing at ${now}`);
}

const p95Figure = (name: string, samples: readonly number[], target: string | null = null): Figure => ({
  name,
  value: percentile(samples, 95),
  unit: 'ms',
  target,
  better: 'lower',
});

export async function tasksListFigures(options: BenchOptions): Promise<Figure[]> {
  const tasks = 1_000;
  const hourDays = options.quick ? 7 : 30;
  const runs = options.quick ? 15 : 40;
  const end = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const store = await openListStore({ tasks, nodes: NODES, end, hourDays, minuteHours: 3, spans: [HOUR_MS, 168 * HOUR_MS, 30 * DAY_MS] });
  try {
    const now = end + 60_000 + 29_500;
    await checkAnswers(store, tasks, now);
    const random = seededRandom(11);
    const mix: number[] = [];
    const bySpan = new Map<Span, number[]>();
    for (const variant of VARIANTS.filter(({ span }) => span !== '30d' || hourDays >= 30)) {
      progress(`tasks.list: timing the list page, ${variant.label}`);
      // Pages vary as a user pages through: the first few pages of the list.
      const samples = await timeRuns(runs, () => askList(store, { page: 1 + Math.floor(random() * 3), ...variant.body(now) }));
      progress(`tasks.list: ${variant.label} median ${percentile(samples, 50).toFixed(2)} ms, p95 ${percentile(samples, 95).toFixed(2)} ms`);
      if (variant.inMix) mix.push(...samples);
      bySpan.set(variant.span, [...(bySpan.get(variant.span) ?? []), ...samples]);
    }
    const perSpan = [...bySpan].map(([span, samples]) => p95Figure(`tasks.list.page_${span}_p95`, samples));
    return [p95Figure('tasks.list.page_p95', mix, '≤ 50'), ...perSpan];
  } finally {
    await store.close();
  }
}
