// npm run bench: performance figures measured side by side in one run, printed as ratios.
// Absolute numbers move with the machine; the ratios are what later changes are compared by.
// Output: one figure a line, `<name>\t<value>\t<unit>`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DB_FILE_NAME, openDatabase } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrations.js';
import { seedIfEmpty } from '../src/server/db/seed.js';

const PASSWORD = 'bench-pass-1';
const PLATFORM_SECRET = 'bench-platform-secret-0123';

function figure(name: string, value: number, unit: string): void {
  console.log(`${name}\t${value.toFixed(value < 10 ? 3 : 1)}\t${unit}`);
}

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

async function main(): Promise<void> {
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
  try {
    const login: InjectOptions = {
      method: 'POST',
      url: '/api/auth/login',
      payload: { account: config.seedCustomer.account, password: PASSWORD },
    };
    const token = (await app.inject(login)).json<{ data: { token: string } }>().data.token;
    const authorized = { authorization: `Bearer ${token}` };
    const health = await medianMicros(app, { method: 'GET', url: '/api/health' }, 7, 300);
    const profile = await medianMicros(app, { method: 'POST', url: '/api/profile', headers: authorized }, 7, 300);
    const signIn = await medianMicros(app, login, 3, 5);
    figure('server.health.us_per_request', health, 'us');
    figure('server.profile.us_per_request', profile, 'us');
    figure('server.login.us_per_request', signIn, 'us');
    figure('server.profile_over_health', profile / health, 'ratio');
    // Login is slow on purpose (scrypt); the ratio shows the KDF dominates it, not the app.
    figure('server.login_over_profile', signIn / profile, 'ratio');
  } finally {
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
