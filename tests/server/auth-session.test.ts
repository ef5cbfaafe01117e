import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeUser, suspendUser } from '../../src/server/modules/operator/users.js';
import { createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ VIGIL_IDLE_SECONDS: '120' });
});
afterAll(() => server.close());

const profileCode = async (token?: string) => (await server.call('/profile', { token })).json().code;

describe('sessions', () => {
  it('answers 401 without a token, with a garbage token and with a malformed header', async () => {
    expect(await profileCode()).toBe(401);
    expect(await profileCode('garbage-token-that-is-long-enough')).toBe(401);
    const odd = await server.call('/profile', { headers: { authorization: 'Basic abc' } });
    expect(odd.statusCode).toBe(401);
    expect(odd.json()).toEqual({ status: false, code: 401, name: 'UNAUTHENTICATED', message: '', data: null });
  });

  it('expires a session idle longer than the idle time', async () => {
    const token = await server.login();
    server.clock.advanceSeconds(119);
    expect(await profileCode(token)).toBe(200);
    server.clock.advanceSeconds(121);
    expect(await profileCode(token)).toBe(401);
    server.clock.advanceSeconds(-240);
    expect(await profileCode(token)).toBe(401);
    server.clock.advanceSeconds(240);
  });

  it('counts every authenticated call as activity, and wakening reports the new deadline', async () => {
    const token = await server.login();
    for (let i = 0; i < 3; i += 1) {
      server.clock.advanceSeconds(100);
      const woken = await server.call('/auth/wakening', { token });
      expect(woken.json().data).toEqual({
        idleSeconds: 120,
        expiresAt: new Date(server.clock.now() + 120_000).toISOString(),
      });
    }
    server.clock.advanceSeconds(100);
    expect(await profileCode(token)).toBe(200);
    server.clock.advanceSeconds(121);
    expect(await profileCode(token)).toBe(401);
  });

  it('logout revokes the token', async () => {
    const token = await server.login();
    const out = await server.call('/auth/logout', { token });
    expect(out.json()).toEqual({ status: true, code: 200, name: 'OK', message: '', data: null });
    expect(await profileCode(token)).toBe(401);
    expect((await server.call('/auth/logout', { token })).statusCode).toBe(401);
  });

  it('ends open sessions when the user is suspended: the next call answers 2005, also after a resume', async () => {
    const token = await server.login();
    await suspendUser(server.app.vigil, 'demo01');
    expect(await profileCode(token)).toBe(2005);
    await resumeUser(server.app.vigil, 'demo01');
    expect(await profileCode(token)).toBe(2005);
    expect(await profileCode(await server.login())).toBe(200);
  });

  it('answers 2005 to a session whose user was suspended behind the verbs (a row changed by hand)', async () => {
    const token = await server.login();
    await server.db.updateTable('users').set({ status: 'suspended' }).where('account', '=', 'demo01').execute();
    expect(await profileCode(token)).toBe(2005);
    await server.db.updateTable('users').set({ status: 'active' }).where('account', '=', 'demo01').execute();
    expect(await profileCode(token)).toBe(2005);
  });

  it('accepts a JSON content type with an empty body on body-less calls', async () => {
    const token = await server.login();
    const response = await server.call('/auth/wakening', { token, payload: '' });
    expect(response.json().code).toBe(200);
  });
});
