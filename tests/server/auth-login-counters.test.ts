import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ VIGIL_LOGIN_MAX_FAILURES: '3', VIGIL_LOGIN_LOCK_SECONDS: '600' });
});
afterAll(() => server.close());

describe('login failure counters', () => {
  it('are cleared once they have ended, and those still counting or locking are kept', async () => {
    // The server's clock, not the machine's: the test server's clock stopped when the file loaded.
    const now = server.clock.now();
    const windowMs = 600_000;
    await server.db
      .insertInto('login_failures')
      .values([
        { key: 'user:window-passed', count: 2, window_start: now - windowMs - 60_000, locked_until: null },
        { key: 'user:lock-ended', count: 3, window_start: now - 2 * windowMs, locked_until: now - 1_000 },
        { key: 'user:still-counting', count: 2, window_start: now - 60_000, locked_until: null },
        { key: 'user:still-locked', count: 3, window_start: now - 60_000, locked_until: now + windowMs },
      ])
      .execute();

    const response = await server.call('/auth/login', { body: { account: SEED.account, password: SEED.password } });
    expect(response.json().code).toBe(200);

    const keys = (await server.db.selectFrom('login_failures').select('key').orderBy('key').execute()).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining(['user:still-counting', 'user:still-locked']));
    expect(keys).not.toContain('user:window-passed');
    expect(keys).not.toContain('user:lock-ended');
  });
});
