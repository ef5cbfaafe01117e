import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainSearchAnswer } from '../../../src/shared/calls/domain-list.js';
import { MonitorQtyAnswer } from '../../../src/shared/calls/domain.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

let fx: DomainFixture;
beforeAll(async () => {
  fx = await domainFixture();
  const node = [fx.nodes[0]];
  await fx.create('http', bodyOf('http', node, { name: 'Checkout', domain: 'pay.example.com' }));
  await fx.create('https', bodyOf('https', node, { name: 'Checkout secure', domain: 'pay.example.com', status: 2 }));
  await fx.create('icmp', bodyOf('icmp', node, { name: 'Router', domain: '192.0.2.1' }));
  await fx.create('tcp', bodyOf('tcp', node, { name: 'api gateway', domain: 'api.example.com', port: 443 }));
  await fx.create('dns', bodyOf('dns', node, { name: 'Zone', domain: 'example.com', status: 2 }));
}, 60_000);
afterAll(() => fx.close());

const search = async (body: Record<string, unknown>) => {
  const answer = await fx.call('/domain/search', body);
  expect(answer.code, answer.body).toBe(200);
  return DomainSearchAnswer.parse(answer.data).list.map((item) => item.name);
};

describe('POST /domain/search', () => {
  it('finds tasks by part of the name or domain, any case, by name', async () => {
    expect(await search({ keyword: 'CHECKOUT' })).toEqual(['Checkout', 'Checkout secure']);
    expect(await search({ keyword: 'pay.example' })).toEqual(['Checkout', 'Checkout secure']);
    expect(await search({ keyword: 'example.com' })).toEqual(['api gateway', 'Checkout', 'Checkout secure', 'Zone']);
    expect(await search({ keyword: 'checkout', type: 4 })).toEqual(['Checkout secure']);
    expect(await search({ keyword: '', limit: 2 })).toEqual(['api gateway', 'Checkout']);
    expect(await search({})).toHaveLength(5);
    expect(await search({ keyword: 'nothing like it' })).toEqual([]);
    const item = (await fx.call('/domain/search', { keyword: 'api' })).data.list[0];
    expect(item).toEqual({ id: expect.any(Number), type: 2, name: 'api gateway', domain: 'api.example.com', port: 443, status: 1 });
  });

  it('validates its body', async () => {
    expect((await fx.call('/domain/search', { limit: 51 })).errors).toEqual(['limit:10010003']);
    expect((await fx.call('/domain/search', { type: 8 })).errors).toEqual(['type:10010003']);
    expect((await fx.call('/domain/search', { keyword: 5 })).errors).toEqual(['keyword:10010001']);
  });
});

describe('GET /domain/monitor_qty', () => {
  it('counts live tasks, enabled and disabled, in all and per type', async () => {
    const answer = await fx.call('/domain/monitor_qty', undefined, fx.token, 'GET');
    const qty = MonitorQtyAnswer.parse(answer.data);
    expect(qty).toMatchObject({ total: 5, enabled: 3, disabled: 2 });
    expect(qty.types).toEqual([
      { type: 1, total: 1, enabled: 1, disabled: 0 },
      { type: 2, total: 1, enabled: 1, disabled: 0 },
      { type: 3, total: 1, enabled: 1, disabled: 0 },
      { type: 4, total: 1, enabled: 0, disabled: 1 },
      { type: 5, total: 1, enabled: 0, disabled: 1 },
      { type: 6, total: 0, enabled: 0, disabled: 0 },
      { type: 7, total: 0, enabled: 0, disabled: 0 },
    ]);
    expect((await fx.server.call('/domain/monitor_qty', { method: 'GET' })).statusCode).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('documents every task call with its body', async () => {
    const doc = (await fx.server.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const slug of ['icmp', 'tcp', 'http', 'https', 'dns']) {
      for (const verb of ['create', 'update']) expect(doc.paths[`/api/domain/${slug}/${verb}`]?.post?.requestBody).toBeDefined();
    }
    for (const path of ['/api/domain/search', '/api/domain/list', '/api/domain/info', '/api/domain/delete', '/api/domain/points/quote']) expect(doc.paths[path]?.post).toBeDefined();
    expect(doc.paths['/api/domain/monitor_qty']?.get).toBeDefined();
    const listBody = doc.paths['/api/domain/list'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(listBody.properties)).toEqual(expect.arrayContaining(['type', 'group', 'tag', 'status', 'serviceStatus', 'keyword', 'sortBy', 'sortOrder', 'hours', 'from', 'to', 'page', 'pageSize']));
  });
});
