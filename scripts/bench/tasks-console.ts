// The console's task list of 100 rows in Chromium: the production build (rebuilt when stale, as
// `npm start` does) served by the real server on a free port over a temp data dir holding 120 HTTP
// tasks with half an hour of ingested results; the list opened at /monitor/3?size=100, reloaded, and
// sorted by availability, while a PerformanceObserver collects the long tasks of each render.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConsoleIfStale, withConsoleServer } from './console-server.js';
import { progress, type BenchOptions, type Figure } from './report.js';
import { CHROMIUM_PATH, measureConsoleList, type ConsoleMeasures } from './tasks-console-browser.js';
import { prepareConsoleStore } from './tasks-console-store.js';

const PASSWORD = 'bench-pass-1';
const TASKS = 120;

function figuresOf(measures: ConsoleMeasures): Figure[] {
  const all = measures.renders.flatMap((render) => render.longTasks);
  for (const render of measures.renders) {
    const longest = Math.max(0, ...render.longTasks);
    progress(`tasks.console: ${render.label}: ${render.longTasks.length} long tasks, longest ${longest.toFixed(0)} ms`);
  }
  progress(`tasks.console: first screen loaded ${(measures.initialJsBytes / 1024).toFixed(0)} KB of JS; chart.js ${measures.chartJsInInitialLoad ? 'IS' : 'is not'} in it`);
  return [
    { name: 'tasks.console.list_100_rows_longest_task', value: Math.max(0, ...all), unit: 'ms', target: '≤ 50', better: 'lower' },
    { name: 'tasks.console.list_100_rows_long_tasks', value: all.length, unit: 'tasks', target: null, better: 'lower' },
    { name: 'tasks.console.initial_js_kb', value: measures.initialJsBytes / 1024, unit: 'KB', target: null, better: 'lower' },
  ];
}

export async function tasksConsoleFigures(options: BenchOptions): Promise<Figure[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH} (Debian's chromium package, or set VIGIL_CHROMIUM)`);
  progress('tasks.console: building the console if its sources changed');
  await buildConsoleIfStale();
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-console-'));
  try {
    progress(`tasks.console: ${TASKS} HTTP tasks on 10 nodes with 30 minutes of ingested results`);
    const account = await prepareConsoleStore({ dataDir, password: PASSWORD, tasks: TASKS });
    const rounds = options.quick ? 2 : 4;
    progress(`tasks.console: opening /monitor/3?size=100 in Chromium (${rounds} loads, then a sort)`);
    const measures = await withConsoleServer(dataDir, (url) => measureConsoleList({ url, account, password: PASSWORD, rounds }));
    return figuresOf(measures);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
