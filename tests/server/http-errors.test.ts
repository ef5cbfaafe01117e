import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, acceptsApiKey } from '../../src/shared/calls/index.js';
import { BUILT_INDEX_HTML, SEED, createServerWithBuiltClient, createTestServer, expectNoInternals, type TestServer } from './helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ VIGIL_BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => server.close());

const login = (payload: string, headers: Record<string, string> = {}) => server.call('/auth/login', { payload, headers });

describe('bad input answers 1001', () => {
  it('for malformed JSON, with one error on field "" code 10010001', async () => {
    const response = await login('{"account": "demo01", ');
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { status: false, code: 1001, name: 'BAD_PARAMETER', message: '', data: { errors: [{ field: '', code: 10010001 }] } },
    ]);
    expectNoInternals(response.body);
  });

  it('for a wrong content type', async () => {
    const response = await login('account=demo01', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.json()).toMatchObject({ code: 1001, data: { errors: [{ field: '', code: 10010001 }] } });
    const text = await login('hello', { 'content-type': 'text/plain' });
    expect(text.json().code).toBe(1001);
    expectNoInternals(text.body);
  });

  it('for wrong types and missing fields, per field', async () => {
    const wrongType = await server.call('/auth/login', { body: { account: 12345, password: SEED.password } });
    expect(wrongType.json().data.errors).toEqual([{ field: 'account', code: 10010001 }]);
    const missing = await server.call('/auth/login', { body: {} });
    expect(missing.json().data.errors).toEqual([
      { field: 'account', code: 10010002 },
      { field: 'password', code: 10010002 },
    ]);
    const notObject = await server.call('/auth/login', { body: [1, 2] });
    expect(notObject.json().data.errors).toEqual([{ field: '', code: 10010001 }]);
  });

  it('for unknown extra fields, naming each one', async () => {
    const response = await server.call('/auth/login', { body: { account: SEED.account, password: SEED.password, admin: true } });
    expect(response.json()).toMatchObject({ code: 1001, data: { errors: [{ field: 'admin', code: 10010001 }] } });
    const token = await server.login();
    const noBody = await server.call('/profile', { token, body: { extra: 1 } });
    expect(noBody.json().data.errors).toEqual([{ field: 'extra', code: 10010001 }]);
  });

  it('for too long fields', async () => {
    const response = await server.call('/auth/login', { body: { account: 'a'.repeat(65), password: SEED.password } });
    expect(response.json().data.errors).toEqual([{ field: 'account', code: 10010005, params: { max: 64 } }]);
  });

  it('for an oversized body, with 10010005, the limit in bytes and HTTP 413', async () => {
    const response = await login(JSON.stringify({ account: SEED.account, password: 'x'.repeat(4096) }));
    const tooLarge = { field: '', code: 10010005, params: { max: 2048, kind: 'bytes' } };
    expect([response.statusCode, response.json()]).toEqual([
      413,
      { status: false, code: 1001, name: 'BAD_PARAMETER', message: '', data: { errors: [tooLarge] } },
    ]);
  });

  it('refuses a prototype-poisoning body', async () => {
    const response = await login('{"account":"demo01","password":"x","__proto__":{"admin":true}}');
    expect(response.json().code).toBe(1001);
  });
});

describe('unknown paths and methods', () => {
  it('answers a 404 envelope under /api', async () => {
    for (const [method, url] of [['GET', '/api/nope'], ['POST', '/api/domain/no-such-call'], ['GET', '/api/auth/login'], ['GET', '/api']] as const) {
      const response = await server.app.inject({ method, url });
      expect([response.statusCode, response.json()]).toEqual([404, { status: false, code: 404, name: 'NOT_FOUND', message: '', data: null }]);
    }
  });

  it('answers a 404 envelope for pages when the console is not built', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/monitor/1' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(404);
  });
});

describe('no internals in error answers', () => {
  it('holds for every failing call of the table', async () => {
    for (const call of Object.values(CALLS)) {
      const response = await server.app.inject({ method: call.method, url: `/api${call.path}`, headers: { authorization: 'Bearer nope' } });
      expect(response.json().status).toBe(call.access === 'public' && call.method === 'GET');
      expectNoInternals(response.body);
    }
  });
});

describe('unexpected failures', () => {
  it('answer 500 with code 500 and an empty message, never the SQL error', async () => {
    const broken = await createTestServer();
    try {
      const token = await broken.login();
      // Renamed rather than dropped: PostgreSQL refuses to drop a table other tables refer to.
      await sql`alter table contracts rename to contracts_gone`.execute(broken.db);
      const response = await broken.call('/account/info', { token });
      expect([response.statusCode, response.json()]).toEqual([
        500,
        { status: false, code: 500, name: 'SYSTEM_BUSY', message: '', data: null },
      ]);
      expectNoInternals(response.body);
    } finally {
      await broken.close();
    }
  });
});

describe('public system endpoints', () => {
  it('GET /api/health', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({ status: true, code: 200, data: { status: 'ok' } });
  });

  it('GET /api/docs lists every call of the table with its method, security and envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const [id, call] of Object.entries(CALLS)) {
      const op = doc.paths[`/api${call.path}`]?.[call.method.toLowerCase()];
      expect(op, id).toBeDefined();
      expect(op.operationId).toBe(id);
      expect(op.summary).toBe(call.summary);
      const schemes = call.access === 'public' ? [] : [expect.any(Object), ...(acceptsApiKey(call) ? [{ apiKey: [] }] : [])];
      expect(op.security).toEqual(schemes);
      // A file answer is the file itself, an upload's body multipart (tests/server/import-file/routes.test.ts).
      if (call.answersFile) expect(op.responses['200'].content['application/octet-stream'].schema.format, id).toBe('binary');
      else {
        const envelope = op.responses['200'].content['application/json'].schema;
        expect(envelope.properties.status.const).toBe(true);
        expect(envelope.properties).toHaveProperty('data');
      }
      const bodyType = call.upload ? 'multipart/form-data' : 'application/json';
      if (call.method !== 'GET') expect(op.requestBody.content[bodyType].schema, id).toBeDefined();
    }
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['account', 'password']);
  });
});

describe('the built console', () => {
  it('serves files, hashed assets with a long cache, and index.html for client routes', async () => {
    const withClient = await createServerWithBuiltClient(server.dir);
    try {
      const asset = await withClient.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      for (const url of ['/', '/monitor/1/detail/5', '/login?redirect=%2Fnodes']) {
        const page = await withClient.app.inject({ method: 'GET', url });
        expect([url, page.statusCode]).toEqual([url, 200]);
        expect(page.body).toBe(BUILT_INDEX_HTML);
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const missingAsset = await withClient.app.inject({ method: 'GET', url: '/api/unknown' });
      expect(missingAsset.json().code).toBe(404);
    } finally {
      await withClient.close();
    }
  });
});
