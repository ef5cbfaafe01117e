import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type CallDefinition } from '../../src/shared/calls/index.js';
import { createTestServer, type TestServer } from './helpers.js';
import { prepareCallers } from './fuzz/callers.js';
import { describeFinding, emptyStats, fuzzCall, fuzzOrder, type FuzzRun } from './fuzz/run.js';

/**
 * Fuzzing every call of the call table (tests/server/fuzz/): generated one-place-invalid bodies and
 * raw bodies, sent as the call's callers; no 5xx, every refusal a catalogue envelope with its HTTP
 * status, and no refused request changes data. The seed is new each run and printed; repeat a run
 * with VIGIL_FUZZ_SEED=<seed> (and VIGIL_FUZZ_CALL=<call id>,… for some calls).
 */

const BODY_LIMIT = 256 * 1024;
const CASES_PER_CALL = 24;
const BATCH_SIZE = 12;
const seed = process.env.VIGIL_FUZZ_SEED ? Number(process.env.VIGIL_FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const only = process.env.VIGIL_FUZZ_CALL?.split(',');

let run: FuzzRun;
let server: TestServer;

beforeAll(async () => {
  console.log(`fuzz seed ${seed}: repeat with VIGIL_FUZZ_SEED=${seed}`);
  // No background loops: what they write (deployment deadlines as the clock moves on) is no request's doing.
  server = await createTestServer({ VIGIL_BODY_LIMIT_BYTES: String(BODY_LIMIT) }, { background: false });
  run = { server, callers: await prepareCallers(server), bodyLimit: BODY_LIMIT, stats: emptyStats() };
});
afterAll(async () => {
  // A failed start leaves no run to report.
  const { cases, accepted, findings } = (run as FuzzRun | undefined)?.stats ?? emptyStats();
  console.log(`fuzz seed ${seed}: ${cases} cases, ${accepted} accepted${findings.map((finding) => `\n${describeFinding(finding)}`).join('')}`);
  await (server as TestServer | undefined)?.close();
});

const calls = fuzzOrder(Object.entries(CALLS) as [string, CallDefinition][]).filter(([id]) => only === undefined || only.includes(id));

describe(`fuzzed requests to every call (seed ${seed})`, () => {
  it.each(calls)('%s', { timeout: 120_000 }, async (callId, call) => {
    const seen = run.stats.findings.length;
    await fuzzCall(run, callId, call, { seed, casesPerCall: CASES_PER_CALL, batchSize: BATCH_SIZE });
    const found = run.stats.findings.slice(seen).map(describeFinding);
    expect(found, `seed ${seed}: repeat with VIGIL_FUZZ_SEED=${seed} VIGIL_FUZZ_CALL=${callId}`).toEqual([]);
  });

  it('sent a few thousand cases with none found', () => {
    if (only === undefined) expect(run.stats.cases).toBeGreaterThanOrEqual(3_000);
    expect([run.stats.serverErrors, run.stats.refusalsWithoutCatalogueCode, run.stats.refusedChanges]).toEqual([0, 0, 0]);
  });
});
