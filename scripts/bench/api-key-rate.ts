// The API-key rate's cost on SQLite: the in-memory bucket the server uses there beside the shared
// row PostgreSQL uses (one conditional upsert per call), to show why SQLite keeps it in memory.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/connection.js';
import { API_KEY_BURST, MemoryKeyRateLimiter } from '../../src/server/modules/api-keys/rate-limit.js';
import { takeBucketCall } from '../../src/server/modules/api-keys/rate-repo.js';
import { progress, type Figure } from './report.js';

const informative = (name: string, value: number, unit: string): Figure => ({ name, value, unit, target: null, better: 'lower' });

/** Median microseconds per take over `rounds` rounds; the clock moves a second per take, so every take is allowed. */
async function medianTakeMicros(take: (now: number) => Promise<unknown>, rounds: number, perRound: number): Promise<number> {
  const samples: number[] = [];
  let now = 0;
  for (let round = 0; round < rounds; round += 1) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < perRound; index += 1) await take((now += 1000));
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / perRound);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

export async function apiKeyRateFigures(app: FastifyInstance, db: Db, token: string, rounds: number, profileMicros: number): Promise<Figure[]> {
  progress('server: API-key rate takes');
  const created = await app.inject({ method: 'POST', url: '/api/apikey/create', headers: { authorization: `Bearer ${token}` }, payload: { name: 'bench', scope: 'read' } });
  const keyId = created.json<{ data: { key: { id: number } } }>().data.key.id;
  let clock = 0;
  const memory = new MemoryKeyRateLimiter(() => clock);
  const inMemory = await medianTakeMicros((now) => {
    clock = now;
    return memory.take(keyId);
  }, rounds, 2000);
  const shape = { burst: API_KEY_BURST, intervalMs: 1000 };
  const row = await medianTakeMicros((now) => takeBucketCall(db, keyId, now, shape), rounds, 300);
  return [
    informative('server.apikey_rate.memory_take', inMemory, 'µs'),
    informative('server.apikey_rate.sqlite_row_take', row, 'µs'),
    informative('server.apikey_rate.row_over_profile', row / profileMicros, '×'),
  ];
}
