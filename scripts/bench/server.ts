// Server figures: the cost of an authenticated call beside the bare framework, and of a login
// (dominated on purpose by the password KDF), measured side by side on one app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { DB_FILE_NAME, openDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import { apiKeyRateFigures } from './api-key-rate.js';
import { progress, type BenchOptions, type Figure } from './report.js';

const PASSWORD = 'bench-pass-1';
const PLATFORM_SECRET = 'bench-platform-secret-0123';

/** Median microseconds per request over `rounds` rounds of `perRound` sequential requests. */
async function medianMicros(app: FastifyInstance, request: InjectOptions, rounds: number, perRound: number): Promise<number> {
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = process.hrtime.bigint();
    for (let index = 0; index < perRound; index += 1) {
      const answer = await app.inject(request);
      if (answer.statusCode !== 200) throw new Error(`${String(request.url)} answered ${answer.statusCode}`);
    }
    samples.push(Number(process.hrtime.bigint() - start) / 1000 / perRound);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

const informative = (name: string, value: number, unit: string): Figure => ({ name, value, unit, target: null, better: 'lower' });

export async function serverFigures(options: BenchOptions): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-'));
  const config = loadConfig({
    VIGIL_DATA_DIR: dir,
    VIGIL_CLIENT_DIR: join(dir, 'none'),
    VIGIL_SEED_PASSWORD: PASSWORD,
    VIGIL_MAX_SESSIONS: '1000',
    VIGIL_LOGIN_MAX_FAILURES: '1000',
  });
  const db = openDatabase(join(dir, DB_FILE_NAME));
  await migrateToLatest(db);
  await seedIfEmpty(db, config);
  const app = await buildApp({ ...config, platformSecret: PLATFORM_SECRET }, { db, logger: false });
  const rounds = options.quick ? 3 : 7;
  try {
    const login: InjectOptions = {
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: config.seedCustomer.account, password: PASSWORD },
    };
    const token = (await app.inject(login)).json<{ data: { token: string } }>().data.token;
    const authorized = { authorization: `Bearer ${token}` };
    progress('server: health and profile calls');
    const health = await medianMicros(app, { method: 'GET', url: '/api/health' }, rounds, 300);
    const profile = await medianMicros(app, { method: 'POST', url: '/api/profile', headers: authorized }, rounds, 300);
    progress('server: logins');
    const signIn = await medianMicros(app, login, rounds, 5);
    return [
      informative('server.health.per_request', health, 'µs'),
      informative('server.profile.per_request', profile, 'µs'),
      informative('server.login.per_request', signIn, 'µs'),
      informative('server.profile_over_health', profile / health, '×'),
      informative('server.login_over_profile', signIn / profile, '×'),
      ...(await apiKeyRateFigures(app, db, token, rounds, profile)),
    ];
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
