import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, createTestServer, type TestServer } from './helpers.js';

/** What a request sent once found: times beyond a Date, bad paths, huge bodies, thousands of keys. */

const BODY_LIMIT = 64 * 1024;
let server: TestServer;
let token: string;
let port: number;

beforeAll(async () => {
  server = await createTestServer({ VIGIL_BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  token = await server.login();
  const created = await server.call('/domain/icmp/create', { token, body: { name: 'Target', domain: 'example.com', frequencyMinutes: 5, nodeIds: [1] } });
  expect(created.json().status).toBe(true);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(() => server.close());

const BEYOND_DATE_MS = 8_640_000_000_000_001;
const END_OF_9999 = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe('times beyond what a Date holds', () => {
  it('are refused with 1001 on the field by the list and the detail reads', async () => {
    const list = await server.call('/domain/list', { token, body: { type: 1, from: END_OF_9999 - 60_000, to: BEYOND_DATE_MS } });
    expect([list.statusCode, list.json().data.errors]).toEqual([400, [{ field: 'to', code: 10010003, params: { max: END_OF_9999 } }]]);
    for (const read of ['summary', 'trend', 'breakdown']) {
      const body = { id: 1, range: { from: BEYOND_DATE_MS, to: BEYOND_DATE_MS + 60_000 } };
      const answer = await server.call(`/domain/detail/${read}`, { token, body });
      expect(answer.statusCode, read).toBe(400);
      expect(answer.json().data.errors, read).toEqual(
        expect.arrayContaining([{ field: 'range.from', code: 10010003, params: { max: END_OF_9999 } }]),
      );
    }
  });

  it('up to the end of year 9999 are read (as a range with no data)', async () => {
    const list = await server.call('/domain/list', { token, body: { type: 1, from: END_OF_9999 - 60_000, to: END_OF_9999 } });
    expect(list.json()).toMatchObject({ status: true, data: { total: 1, to: '9999-12-31T23:59:59.999Z' } });
    const summary = await server.call('/domain/detail/summary', { token, body: { id: 1, range: { from: END_OF_9999 - 60_000, to: END_OF_9999 } } });
    expect(summary.json().status).toBe(true);
  });
});

describe('bad paths', () => {
  const refusal = (code: number, params?: Record<string, number>) => ({
    status: false,
    code: 1001,
    name: 'BAD_PARAMETER',
    message: '',
    data: { errors: [params ? { field: '', code, params } : { field: '', code }] },
  });

  it('with bad percent-encoding answer the envelope, with the headers of every API answer', async () => {
    for (const url of ['/api/domain/info%ZZ', '/api/domain_group/addr/%ZZ', '/api/domain_group/addr/%E0%A4%A']) {
      const response = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect([response.statusCode, response.json()], url).toEqual([400, refusal(10010004)]);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('with an overlong parameter answer 414 and the envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: `/api/domain_group/addr/${'1'.repeat(101)}`, headers: { authorization: `Bearer ${token}` } });
    expect([response.statusCode, response.json()]).toEqual([414, refusal(10010005, { max: 100 })]);
  });
});

describe('text holding the NUL character (found by fuzzing: PostgreSQL answered 500)', () => {
  it('is refused with 1001 on the field, in a value or a key, and stores nothing', async () => {
    const name = await server.call('/domain/icmp/create', { token, body: { name: 'a\u0000b', domain: 'example.com', frequencyMinutes: 5, nodeIds: [1] } });
    expect([name.statusCode, name.json().data.errors]).toEqual([400, [{ field: 'name', code: 10010004 }]]);
    const key = await server.call('/domain/list', { token, body: { type: 1, 'k\u0000': 1 } });
    expect(key.json().data.errors).toEqual([{ field: 'k\u0000', code: 10010004 }]);
    expect((await server.call('/domain/list', { token, body: { type: 1 } })).json().data.total).toBe(1);
  });

  it('is taken when the text only spells the escape out', async () => {
    const created = await server.call('/domain/icmp/create', { token, body: { name: 'a\\u0000b', domain: 'spelled.example.com', frequencyMinutes: 5, nodeIds: [1] } });
    expect(created.json().status, created.body).toBe(true);
    await server.call('/domain/delete', { token, body: { ids: [created.json().data.id] } });
  });
});

describe('a body with thousands of unknown keys', () => {
  it('answers the first 20 field errors and how many more there were', async () => {
    const keys = Object.fromEntries(Array.from({ length: 3_000 }, (_, index) => [`k${index}`, 1]));
    const response = await server.call('/domain/info', { token, body: { id: 1, ...keys } });
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(2_000);
    const { errors, moreErrors } = response.json().data;
    expect(errors).toHaveLength(20);
    expect(errors[0]).toEqual({ field: 'k0', code: 10010001 });
    expect(moreErrors).toBe(2_980);
  });

  it('lists every error, with no count of more, when there are 20 or fewer', async () => {
    const keys = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`k${index}`, 1]));
    const data = (await server.call('/domain/info', { token, body: { id: 1, ...keys } })).json().data;
    expect([data.errors.length, data.moreErrors]).toEqual([20, undefined]);
  });
});

interface RawAnswer {
  /** Whether the whole request went out before the server's answer was read. */
  sentAll: boolean;
  head: string;
  body: string;
}

/** Sends a request over a real socket, writing the whole body, then reads the answer. */
function rawRequest(path: string, headers: Record<string, string>, chunks: Iterable<Buffer>, chunked: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let received = '';
    let sentAll = false;
    socket.on('data', (data) => (received += data.toString('latin1')));
    socket.on('error', reject);
    const finish = () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ sentAll, head, body });
    };
    socket.on('connect', async () => {
      const framing = chunked ? { 'transfer-encoding': 'chunked' } : {};
      const lines = Object.entries({ host: 'localhost', 'content-type': 'application/json', ...framing, ...headers }).map(([name, value]) => `${name}: ${value}`);
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      for (const chunk of chunks) {
        const framed = chunked ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
        if (!socket.write(framed)) await new Promise((drained) => socket.once('drain', drained));
      }
      socket.write(chunked ? '0\r\n\r\n' : '');
      sentAll = true;
      // Once the answer is complete (it carries a content-length), the test is done with the socket.
      const poll = setInterval(() => {
        const length = /content-length: (\d+)/i.exec(received)?.[1];
        const body = received.split('\r\n\r\n')[1];
        if (length !== undefined && body !== undefined && Buffer.byteLength(body, 'latin1') >= Number(length)) {
          clearInterval(poll);
          socket.end();
          finish();
        }
      }, 10);
      socket.on('close', () => {
        clearInterval(poll);
        finish();
      });
    });
  });
}

const TOTAL = 8 * 1024 * 1024;
function* pieces(total = TOTAL, size = 64 * 1024): Generator<Buffer> {
  for (let sent = 0; sent < total; sent += size) yield Buffer.alloc(Math.min(size, total - sent), 'a');
}

describe('a body over the limit, sent over a real connection', () => {
  const tooLarge = { status: false, code: 1001, name: 'BAD_PARAMETER', message: '', data: { errors: [{ field: '', code: 10010005, params: { max: BODY_LIMIT, kind: 'bytes' } }] } };

  it.each([
    ['with a content-length', false],
    ['chunked', true],
  ])('%s: the client sends it all and reads 413 with the envelope', async (_label, chunked) => {
    const headers = { authorization: `Bearer ${token}`, ...(chunked ? {} : { 'content-length': String(TOTAL) }) };
    const answer = await rawRequest('/api/domain/list', headers, pieces(), chunked);
    expect(answer.sentAll).toBe(true);
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(JSON.parse(answer.body)).toEqual(tooLarge);
  });

  it('refused before it is read (no session) still lets the client read 401', async () => {
    const answer = await rawRequest('/api/domain/list', { 'content-length': String(TOTAL) }, pieces(), false);
    expect(answer.sentAll).toBe(true);
    expect(answer.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(JSON.parse(answer.body)).toMatchObject({ status: false, code: 401 });
  });

  it('a login over the limit is refused before any password is counted', async () => {
    const counted = () => server.db.selectFrom('login_failures').selectAll().execute();
    const before = await counted();
    const body = JSON.stringify({ account: SEED.account, password: 'x'.repeat(BODY_LIMIT) });
    const answer = await rawRequest('/api/auth/login', { 'content-length': String(body.length) }, [Buffer.from(body)], false);
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(await counted()).toEqual(before);
  });
});

describe('a request the HTTP parser cannot read', () => {
  it('answers the envelope on the socket before closing it', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/domain/info HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n'));
      let received = '';
      socket.on('data', (data) => (received += data.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toMatchObject({ status: false, code: 1001, data: { errors: [{ field: '', code: 10010001 }] } });
  });
});
