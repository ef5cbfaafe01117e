// Fuzz: the test run's generated bad requests (tests/server/fuzz/), many more of them: 50,000 cases
// over every call of the call table (5,000 with --quick), seeded (VIGIL_FUZZ_SEED repeats a run).
// Every 5xx, refusal without a catalogue envelope and refused request that changed data is counted
// and the first ones printed on stderr with their call's seed.
import { CALLS, type CallDefinition } from '../../src/shared/calls/index.js';
import { prepareCallers } from '../../tests/server/fuzz/callers.js';
import { describeFinding, emptyStats, fuzzCall, fuzzOrder, type FuzzRun } from '../../tests/server/fuzz/run.js';
import { createTestServer } from '../../tests/server/helpers.js';
import { progress, type BenchOptions, type Figure } from './report.js';

const BODY_LIMIT = 256 * 1024;
const BATCH_SIZE = 25;

const none = (name: string, value: number): Figure => ({ name, value, unit: 'cases', target: '= 0', better: 'lower' });

export async function fuzzFigures(options: BenchOptions): Promise<Figure[]> {
  const seed = process.env.VIGIL_FUZZ_SEED ? Number(process.env.VIGIL_FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  const calls = fuzzOrder(Object.entries(CALLS) as [string, CallDefinition][]);
  const casesPerCall = Math.ceil((options.quick ? 5_000 : 50_000) / calls.length);
  progress(`fuzz: ${casesPerCall} cases for each of ${calls.length} calls, seed ${seed} (VIGIL_FUZZ_SEED=${seed} repeats it)`);
  const server = await createTestServer({ VIGIL_BODY_LIMIT_BYTES: String(BODY_LIMIT) }, { background: false });
  try {
    const run: FuzzRun = { server, callers: await prepareCallers(server), bodyLimit: BODY_LIMIT, stats: emptyStats() };
    const started = process.hrtime.bigint();
    for (const [index, [callId, call]] of calls.entries()) {
      await fuzzCall(run, callId, call, { seed, casesPerCall, batchSize: BATCH_SIZE });
      if (index % 20 === 19) progress(`fuzz: ${index + 1} calls, ${run.stats.cases} cases`);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    for (const finding of run.stats.findings) progress(`fuzz finding (seed ${seed}): ${describeFinding(finding)}`);
    return [
      { name: 'fuzz.cases', value: run.stats.cases, unit: 'cases', target: null, better: 'higher' },
      { name: 'fuzz.accepted', value: run.stats.accepted, unit: 'cases', target: null, better: 'lower' },
      { name: 'fuzz.cases_per_second', value: run.stats.cases / seconds, unit: '/s', target: null, better: 'higher' },
      none('fuzz.server_errors', run.stats.serverErrors),
      none('fuzz.refusals_without_catalogue_code', run.stats.refusalsWithoutCatalogueCode),
      none('fuzz.refused_changes', run.stats.refusedChanges),
    ];
  } finally {
    await server.close();
  }
}
