import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loggerOptions, redactUrl, serializeRequest } from '../../src/server/http/logging.js';
import { BUILT_INDEX_HTML, createServerWithBuiltClient, createTestServer, type TestServer } from './helpers.js';

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

/** Node's warnings while fn runs, after their emission (on the next tick) has happened. */
async function warningsDuring(fn: () => Promise<void>): Promise<string[]> {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  try {
    await fn();
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  return warnings;
}

describe('security headers', () => {
  it('serve the console HTML with the CSP, and API answers unstored', async () => {
    const withClient = await createServerWithBuiltClient(server.dir);
    try {
      // A client route's shell is streamed from the not-found handler: nothing may wait on the
      // reply once per step (MaxListenersExceededWarning: 11 'close' listeners on the response).
      const pageWarnings = await warningsDuring(async () => {
        for (const url of ['/monitor/1/detail/5', '/sso?code=abc']) expect((await withClient.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      });
      expect(pageWarnings).toEqual([]);
      for (const url of ['/', '/index.html', '/monitor/1/detail/5', '/sso?code=abc']) {
        const page = await withClient.app.inject({ method: 'GET', url });
        expect([url, page.statusCode, page.body]).toEqual([url, 200, BUILT_INDEX_HTML]);
        expect(page.headers).toMatchObject({ 'content-security-policy': CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' });
      }
      const asset = await withClient.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      for (const request of [{ method: 'GET', url: '/api/health' }, { method: 'GET', url: '/api/nope' }, { method: 'POST', url: '/api/profile' }] as const) {
        const answer = await withClient.app.inject(request);
        expect([request.url, answer.headers['cache-control'], answer.headers['x-content-type-options']]).toEqual([request.url, 'no-store', 'nosniff']);
        expect(answer.headers['content-security-policy']).toBeUndefined();
      }
    } finally {
      await withClient.close();
    }
  });
});

describe('trusting a reverse proxy', () => {
  const failedLogin = (target: TestServer, account: string, ip: string, forwardedFor: string) =>
    target.call('/auth/login', { body: { account, password: 'bad-password' }, ip, headers: { 'x-forwarded-for': forwardedFor } });

  it('ignores forwarding headers by default', async () => {
    await failedLogin(server, 'spoofer1', '198.51.100.7', '203.0.113.50');
    const keys = (await server.db.selectFrom('login_failures').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('ip:198.51.100.7');
    expect(keys).not.toContain('ip:203.0.113.50');
  });

  it('throttles the forwarded client address behind a listed proxy', async () => {
    const proxied = await createTestServer({ VIGIL_TRUST_PROXY: '127.0.0.1', VIGIL_LOGIN_MAX_FAILURES: '1' });
    try {
      for (let i = 0; i < 4; i += 1) expect((await failedLogin(proxied, `sprayer${i}`, '127.0.0.1', '203.0.113.5')).json().code).toBe(2004);
      expect((await failedLogin(proxied, 'sprayer9', '127.0.0.1', '203.0.113.5')).json().code).toBe(2011);
      expect((await failedLogin(proxied, 'sprayer8', '127.0.0.1', '203.0.113.6')).json().code).toBe(2004);
    } finally {
      await proxied.close();
    }
  });

  it('trusts only the nearest hops when given a number', async () => {
    const proxied = await createTestServer({ VIGIL_TRUST_PROXY: '1' });
    try {
      await failedLogin(proxied, 'hopper01', '127.0.0.1', '192.0.2.1, 203.0.113.9');
      const keys = (await proxied.db.selectFrom('login_failures').select('key').execute()).map((row) => row.key);
      expect(keys).toEqual(expect.arrayContaining(['ip:203.0.113.9']));
      expect(keys).not.toContain('ip:192.0.2.1');
    } finally {
      await proxied.close();
    }
  });
});

describe('request logging', () => {
  it('redacts the values of code and token query parameters only', () => {
    expect(redactUrl('/sso?code=abc123')).toBe('/sso?code=[redacted]');
    expect(redactUrl('/x?lang=en&CODE=a&access_token=b&token=c&page=2')).toBe('/x?lang=en&CODE=[redacted]&access_token=[redacted]&token=[redacted]&page=2');
    expect(redactUrl('/monitor/1?code')).toBe('/monitor/1?code');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/x?codes=1&%63ode=s')).toBe('/x?codes=1&%63ode=[redacted]');
  });

  it('serializes a request like Fastify does, with the URL redacted', () => {
    const request = { method: 'GET', url: '/sso?code=abc123', host: 'vigil.test', ip: '192.0.2.4', socket: { remotePort: 5000 } };
    expect(serializeRequest(request)).toEqual({ method: 'GET', url: '/sso?code=[redacted]', host: 'vigil.test', remoteAddress: '192.0.2.4', remotePort: 5000 });
  });

  it('keeps SSO codes out of the log of a real request', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const app = await buildApp(server.config, { db: server.db, logger: { ...loggerOptions(server.config), stream } });
    try {
      await app.inject({ method: 'GET', url: '/sso?code=live-code-value' });
      const logged = lines.join('');
      expect(logged).toContain('/sso?code=[redacted]');
      expect(logged).not.toContain('live-code-value');
    } finally {
      await app.close();
    }
  });
});
