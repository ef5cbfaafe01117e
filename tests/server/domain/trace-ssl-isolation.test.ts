import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgent } from '../agent-helpers.js';
import { expectNoInternals } from '../helpers.js';
import { domainFixture, type DomainFixture } from './domain-helpers.js';
import { MINUTE_MS, certificateOf, ingestOne, sslBody, sslRun, traceBody, traceRun } from './trace-ssl-helpers.js';

// The second customer tries every traceroute and SSL call on the first customer's task ids: each
// answers as if the ids did not exist, and nothing of the first customer changes or shows.

let fx: DomainFixture;
let myTrace: number;
let mySsl: number;
let theirSsl: number;
beforeAll(async () => {
  fx = await domainFixture();
  const [a] = fx.nodes;
  myTrace = (await fx.call('/domain/traceroute/create', traceBody([a], { name: 'Private route', domain: 'private.example.com' }))).data.id;
  mySsl = (await fx.call('/domain/ssl/create', sslBody([a], { name: 'Private cert', domain: 'private.example.com' }))).data.id;
  theirSsl = (await fx.call('/domain/ssl/create', sslBody([a], { name: 'Their cert' }), fx.otherToken)).data.id;
  const now = fx.server.clock.now();
  await ingestOne(fx, a, myTrace, traceRun(now - MINUTE_MS, 4));
  await ingestOne(fx, a, mySsl, sslRun(now - MINUTE_MS, certificateOf(now, 30)));
  // A live agent, so a certcheck would run if the task id were accepted.
  await startAgent(fx.server, 'jp-tokyo');
  fx.passDeadlines();
}, 60_000);
afterAll(() => fx.close());

const snapshot = () => fx.server.db.selectFrom('tasks').selectAll().orderBy('id').execute();
const jobs = () => fx.server.db.selectFrom('agent_jobs').selectAll().execute();

describe("another customer's traceroute and SSL task ids", () => {
  it('answer 2127, exactly like ids that do not exist, in every call, and change nothing', async () => {
    const before = await snapshot();
    const contractBefore = await fx.contract();
    const attempts: [string, (id: number) => unknown][] = [
      ['/domain/info', (id) => ({ id })],
      ['/domain/traceroute/update', (id) => ({ id, name: 'Taken over' })],
      ['/domain/traceroute/update', (id) => ({ id, frequencyMinutes: 1 })],
      ['/domain/search/tracerouteNode', (id) => ({ id })],
      ['/domain/traceroute/history', (id) => ({ id })],
      ['/domain/ssl/update', (id) => ({ id, port: 8443 })],
      ['/domain/ssl/delete', (id) => ({ ids: [id] })],
      ['/domain/ssl/delete', (id) => ({ ids: [theirSsl, id] })],
      ['/domain/ssl/certcheck', (id) => ({ id })],
      ['/domain/delete', (id) => ({ ids: [id] })],
    ];
    for (const id of [myTrace, mySsl]) {
      for (const [path, body] of attempts) {
        const foreign = await fx.call(path, body(id), fx.otherToken);
        const missing = await fx.call(path, body(987_654), fx.otherToken);
        expect([foreign.statusCode, foreign.code, foreign.data], `${path} ${id}`).toEqual([404, 2127, null]);
        expect(foreign.body).toBe(missing.body);
        expectNoInternals(foreign.body);
      }
    }
    expect(await snapshot()).toEqual(before);
    expect(await fx.contract()).toEqual(contractBefore);
    expect(await jobs()).toEqual([]);
    expect((await fx.call('/domain/info', { id: theirSsl }, fx.otherToken)).code).toBe(200);
  });

  it('never appear in the other customer’s searches and lists', async () => {
    expect((await fx.call('/domain/search/tracerouteid', { keyword: 'private' }, fx.otherToken)).data.list).toEqual([]);
    expect((await fx.call('/domain/search/tracerouteid', {}, fx.otherToken)).data.list).toEqual([]);
    const ssl = await fx.call('/domain/ssl/search', {}, fx.otherToken);
    expect(ssl.data.total).toBe(1);
    expect(ssl.data.list.map((row: { id: number; daysLeft: number | null }) => [row.id, row.daysLeft])).toEqual([[theirSsl, null]]);
    expect((await fx.call('/domain/ssl/search', { keyword: 'private' }, fx.otherToken)).data).toEqual({ list: [], total: 0 });
    for (const type of [6, 7]) {
      expect((await fx.call('/domain/list', { type, keyword: 'private' }, fx.otherToken)).data.total).toBe(0);
    }
    // The first customer sees its own.
    expect((await fx.call('/domain/search/tracerouteid', {})).data.list.map((item: { id: number }) => item.id)).toEqual([myTrace]);
    expect((await fx.call('/domain/ssl/search', {})).data.list.map((row: { id: number }) => row.id)).toEqual([mySsl]);
  });

  it('do not count as duplicates for the other customer', async () => {
    expect((await fx.call('/domain/traceroute/create', traceBody([fx.nodes[0]], { domain: 'private.example.com' }), fx.otherToken)).code).toBe(200);
    expect((await fx.call('/domain/ssl/create', sslBody([fx.nodes[0]], { domain: 'private.example.com' }), fx.otherToken)).code).toBe(200);
  });
});
