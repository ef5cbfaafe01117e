import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED, addCustomer, addUser, adminLogin, createTestServer, type TestServer } from '../helpers.js';
import { createPushTestBed, subscribeBody, subscriptionCount, type PushTestBed } from './push-helpers.js';
import { createSubscriber } from './push-receiver.js';

let bed: PushTestBed;
let server: TestServer;
let demo: string;
let colleague: string;
let stranger: string;

beforeAll(async () => {
  bed = await createPushTestBed();
  server = bed.server;
  demo = await server.login();
  await addUser(server, { account: 'pushmate1' });
  colleague = await server.login('pushmate1', SEED.password);
  const otherCustomer = await addCustomer(server, 'Push Other Co');
  await addUser(server, { account: 'pushstranger1', custId: otherCustomer });
  stranger = await server.login('pushstranger1', SEED.password);
}, 60_000);
afterAll(() => bed.close());

async function call(path: string, token: string, body: unknown) {
  const response = await server.call(path, { token, body });
  return { statusCode: response.statusCode, json: response.json() };
}

const status = async (token: string, endpoint: string) => (await call('/push/status', token, { endpoint })).json.data;

describe('POST /push/subscribe validation', () => {
  const device = () => createSubscriber(bed.receiver.origin, 'validation');
  const cases: [string, (body: ReturnType<typeof subscribeBody>) => unknown, { field: string; code: number }][] = [
    ['no endpoint', ({ endpoint: _endpoint, ...rest }) => rest, { field: 'endpoint', code: 10010002 }],
    ['an http endpoint', (body) => ({ ...body, endpoint: 'http://push.example.com/x' }), { field: 'endpoint', code: 10010004 }],
    ['a relative endpoint', (body) => ({ ...body, endpoint: '/wpush/1' }), { field: 'endpoint', code: 10010004 }],
    ['an endpoint with credentials', (body) => ({ ...body, endpoint: 'https://user:pw@push.example.com/x' }), { field: 'endpoint', code: 10010004 }],
    ['a very long endpoint', (body) => ({ ...body, endpoint: `https://push.example.com/${'a'.repeat(2100)}` }), { field: 'endpoint', code: 10010005 }],
    ['a short p256dh', (body) => ({ ...body, keys: { ...body.keys, p256dh: body.keys.p256dh.slice(0, 40) } }), { field: 'keys.p256dh', code: 10010004 }],
    ['a compressed p256dh', (body) => ({ ...body, keys: { ...body.keys, p256dh: `A${body.keys.p256dh.slice(1)}` } }), { field: 'keys.p256dh', code: 10010004 }],
    ['an auth secret of 8 bytes', (body) => ({ ...body, keys: { ...body.keys, auth: 'AAAAAAAAAAA' } }), { field: 'keys.auth', code: 10010004 }],
    ['an auth secret that is not base64url', (body) => ({ ...body, keys: { ...body.keys, auth: '+/+/+/+/+/+/+/+/+/+/+/' } }), { field: 'keys.auth', code: 10010004 }],
    ['an unknown language', (body) => ({ ...body, language: 'fr' }), { field: 'language', code: 10010003 }],
    ['an unknown field', (body) => ({ ...body, expirationTime: null }), { field: 'expirationTime', code: 10010001 }],
  ];
  for (const [name, change, error] of cases) {
    it(`answers 1001 for ${name}`, async () => {
      const answer = await call('/push/subscribe', demo, change(subscribeBody(device())));
      expect(answer.statusCode).toBe(400);
      expect(answer.json.code).toBe(1001);
      expect(answer.json.data.errors).toContainEqual(expect.objectContaining(error));
    });
  }
});

describe('endpoints on private networks', () => {
  let guarded: TestServer;
  let token: string;
  beforeAll(async () => {
    guarded = await createTestServer();
    token = await guarded.login();
  }, 60_000);
  afterAll(() => guarded.close());

  for (const endpoint of ['https://127.0.0.1:8443/w', 'https://10.1.2.3/w', 'https://169.254.169.254/w', 'https://[::1]/w', 'https://[::ffff:192.168.1.1]/w', 'https://localhost/w']) {
    it(`are refused without the operator's switch: ${endpoint}`, async () => {
      const body = { ...subscribeBody(createSubscriber('https://x', 'p')), endpoint };
      const answer = await guarded.call('/push/subscribe', { token, body });
      expect(answer.json()).toMatchObject({ status: false, code: 1001, data: { errors: [{ field: 'endpoint', code: 10010004 }] } });
    });
  }

  it('a public address is accepted', async () => {
    const body = { ...subscribeBody(createSubscriber('https://x', 'p')), endpoint: 'https://93.184.215.14/wpush/abc' };
    expect((await guarded.call('/push/subscribe', { token, body })).json().status).toBe(true);
  });
});

describe('subscriptions belong to one user', () => {
  it("are seen and removed only by their user; another user's or customer's calls change nothing", async () => {
    const device = createSubscriber(bed.receiver.origin, 'scoped');
    expect((await call('/push/subscribe', demo, subscribeBody(device))).json.status).toBe(true);
    expect(await status(demo, device.endpoint)).toEqual({ allowed: true, subscribed: true });
    for (const other of [colleague, stranger]) {
      expect(await status(other, device.endpoint)).toEqual({ allowed: true, subscribed: false });
      expect((await call('/push/unsubscribe', other, { endpoint: device.endpoint })).json.data).toEqual({ removed: false });
    }
    expect(await status(demo, device.endpoint)).toEqual({ allowed: true, subscribed: true });
    expect((await call('/push/unsubscribe', demo, { endpoint: device.endpoint })).json.data).toEqual({ removed: true });
    expect(await status(demo, device.endpoint)).toEqual({ allowed: true, subscribed: false });
    expect(await subscriptionCount(server, device.endpoint)).toBe(0);
  });

  it('move to the user who subscribes the same endpoint next (one browser, one user)', async () => {
    const device = createSubscriber(bed.receiver.origin, 'shared-browser');
    await call('/push/subscribe', demo, subscribeBody(device, 'en'));
    await call('/push/subscribe', stranger, subscribeBody(device, 'zh-cn'));
    expect(await status(demo, device.endpoint)).toEqual({ allowed: true, subscribed: false });
    expect(await status(stranger, device.endpoint)).toEqual({ allowed: true, subscribed: true });
    const row = await server.db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', device.endpoint).executeTakeFirstOrThrow();
    expect(row.language).toBe('zh-cn');
    expect(await subscriptionCount(server, device.endpoint)).toBe(1);
  });

  it('cannot be made in an administrator session viewing the customer (2007), whose status says not allowed', async () => {
    const admin = await adminLogin(server);
    const device = createSubscriber(bed.receiver.origin, 'admin');
    expect((await call('/push/subscribe', admin, subscribeBody(device))).json.code).toBe(2007);
    expect(await status(admin, device.endpoint)).toEqual({ allowed: false, subscribed: false });
    expect((await call('/push/status', admin, {})).json.data).toEqual({ allowed: false, subscribed: false });
  });

  it('status without an endpoint (the browser holds no subscription) says the user may subscribe', async () => {
    expect((await call('/push/status', demo, {})).json.data).toEqual({ allowed: true, subscribed: false });
  });

  it('need a session', async () => {
    const response = await server.call('/push/subscribe', { body: subscribeBody(createSubscriber(bed.receiver.origin, 'anon')) });
    expect(response.statusCode).toBe(401);
  });

  it('are documented in the OpenAPI document', async () => {
    const docs = (await server.call('/docs', { method: 'GET' })).json();
    const paths = Object.keys(docs.paths as object);
    expect(paths).toEqual(expect.arrayContaining(['/api/push/key', '/api/push/status', '/api/push/subscribe', '/api/push/unsubscribe']));
  });
});
