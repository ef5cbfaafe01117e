import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainInfo } from '../../../src/shared/calls/domain-list.js';
import { DomainOverviewAnswer, type DomainOverviewBody } from '../../../src/shared/calls/domain-overview.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import { domainFixture, type DomainFixture } from './domain-helpers.js';
import { DAY_MS, MINUTE_MS, certificateOf, ingestOne, sslBody, sslRun, traceBody, traceRun } from './trace-ssl-helpers.js';

// The overview's cards for traceroute (type 6, banded by availability like types 1-5) and SSL
// (type 7, banded by the certificate the SSL list shows), from results ingested as agents send them.
// Traceroute over the last hour: Route ok 10/10 (normal), Hops 8/10 (warning), Lost 2/10 (error),
// Silent no run (no data), Earlier every run failing 2.5 h ago (no data over 1 h, error over 3 h),
// Parked disabled with every run failing.
// SSL: Valid 90 days (checked 2 h ago: the certificate counts whatever the range), Soon 3 days,
// Edge 90 days on node a but 5 days on node b (the soonest counts), Gone expired 2 days ago,
// Broken no certificate read, Spare certificate on node a though node b failed (normal), Fresh
// never checked, Retired disabled with an expired certificate.
// The other customer: a traceroute task that never arrives and an expired certificate.

let fx: DomainFixture;
const ids = new Map<string, number>();
/** When the SSL checks ran (the newest of each node). */
let checked = 0;
const idOf = (name: string): number => {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`no task ${name}`);
  return id;
};

async function overview(body?: DomainOverviewBody, token = fx.token) {
  const answer = await fx.call('/domain/overview', body, token);
  expect(answer.code, answer.body).toBe(200);
  return DomainOverviewAnswer.parse(answer.data);
}

async function make(slug: 'traceroute' | 'ssl', name: string, nodeIds: number[], extra: Record<string, unknown> = {}, token = fx.token) {
  const bodyOf = slug === 'ssl' ? sslBody : traceBody;
  const answer = await fx.call(`/domain/${slug}/create`, bodyOf(nodeIds, { name, domain: `${name.toLowerCase()}.example.com`, ...extra }), token);
  if (answer.code !== 200) throw new Error(answer.body);
  ids.set(name, DomainInfo.parse(answer.data).id);
}

async function runs(nodeId: number, name: string, count: number, run: (index: number, ts: number) => CheckResult, minutesAgo = 30): Promise<void> {
  const start = fx.server.clock.now() - minutesAgo * MINUTE_MS;
  for (let index = 0; index < count; index += 1) await ingestOne(fx, nodeId, idOf(name), run(index, start + index * MINUTE_MS));
}

beforeAll(async () => {
  fx = await domainFixture();
  const [a, b] = fx.nodes;
  for (const name of ['Route', 'Hops', 'Lost', 'Silent', 'Earlier']) await make('traceroute', name, [a]);
  await make('traceroute', 'Parked', [a]);
  for (const name of ['Valid', 'Soon', 'Gone', 'Broken', 'Fresh']) await make('ssl', name, [a]);
  for (const name of ['Edge', 'Spare']) await make('ssl', name, [a, b]);
  await make('ssl', 'Retired', [a]);
  await make('traceroute', 'Foreign', [a], {}, fx.otherToken);
  await make('ssl', 'Stranger', [a], {}, fx.otherToken);

  await runs(a, 'Route', 10, (_, ts) => traceRun(ts, 5));
  await runs(a, 'Hops', 10, (index, ts) => traceRun(ts, 5, index < 8));
  await runs(a, 'Lost', 10, (index, ts) => traceRun(ts, 5, index < 2));
  await runs(a, 'Earlier', 10, (_, ts) => traceRun(ts, 5, false), 150);
  await runs(a, 'Parked', 10, (_, ts) => traceRun(ts, 5, false));
  await runs(a, 'Foreign', 10, (_, ts) => traceRun(ts, 5, false));

  const now = fx.server.clock.now();
  checked = now - MINUTE_MS;
  await ingestOne(fx, a, idOf('Valid'), sslRun(now - 120 * MINUTE_MS, certificateOf(now, 90)));
  await ingestOne(fx, a, idOf('Soon'), sslRun(checked, certificateOf(now, 3)));
  await ingestOne(fx, a, idOf('Edge'), sslRun(checked, certificateOf(now, 90)));
  await ingestOne(fx, b, idOf('Edge'), sslRun(checked, certificateOf(now, 5, 'edge.example.com')));
  await ingestOne(fx, a, idOf('Gone'), sslRun(checked, certificateOf(now, -2)));
  await ingestOne(fx, a, idOf('Broken'), sslRun(checked - MINUTE_MS, certificateOf(now, 60)));
  await ingestOne(fx, a, idOf('Broken'), sslRun(checked, null));
  await ingestOne(fx, a, idOf('Spare'), sslRun(checked, certificateOf(now, 60)));
  await ingestOne(fx, b, idOf('Spare'), sslRun(checked + 1_000, null));
  await ingestOne(fx, a, idOf('Retired'), sslRun(checked, certificateOf(now, -5)));
  await ingestOne(fx, a, idOf('Stranger'), sslRun(checked, certificateOf(now, -1)));
  // Disabled after their results came in (an agent sends none for a disabled task).
  fx.passDeadlines();
  expect((await fx.call('/domain/traceroute/update', { id: idOf('Parked'), status: 2 })).code).toBe(200);
  expect((await fx.call('/domain/ssl/update', { id: idOf('Retired'), status: 2 })).code).toBe(200);
}, 120_000);
afterAll(() => fx.close());

const countsOf = (answer: DomainOverviewAnswer, type: number) => answer.types.find((counts) => counts.type === type);

describe('POST /domain/overview for traceroute and SSL tasks', () => {
  it('bands traceroute tasks by availability over the range and SSL tasks by their certificate', async () => {
    const answer = await overview();
    expect(answer.types.map((counts) => counts.type)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(countsOf(answer, 6)).toEqual({ type: 6, normal: 1, warning: 1, error: 1, none: 2, disabled: 1 });
    // Normal: Valid, Spare; warning: Soon, Edge; error: Gone, Broken; no data: Fresh; disabled: Retired.
    expect(countsOf(answer, 7)).toEqual({ type: 7, normal: 2, warning: 2, error: 2, none: 1, disabled: 1 });
  });

  it('lists them in trouble worst first: unreadable and expired certificates as 0 %, expiring ones after the other warnings', async () => {
    const answer = await overview({ limit: 100 });
    expect(answer.attention.map((task) => task.name)).toEqual(['Broken', 'Gone', 'Lost', 'Hops', 'Soon', 'Edge']);
    expect(answer.attentionTotal).toBe(6);
    expect(answer.attention.find((task) => task.name === 'Lost')).toMatchObject({
      id: idOf('Lost'),
      type: 6,
      domain: 'lost.example.com',
      availabilityPercent: 20,
      serviceStatus: 3,
      certificate: null,
    });
    expect(answer.attention.find((task) => task.name === 'Hops')).toMatchObject({ availabilityPercent: 80, serviceStatus: 2, certificate: null });
  });

  it('shows an SSL task in trouble by its certificate instead of availability', async () => {
    const now = checked + MINUTE_MS;
    const answer = await overview({ limit: 100 });
    const byName = (name: string) => answer.attention.find((task) => task.name === name);
    expect(byName('Gone')).toEqual({
      id: idOf('Gone'),
      type: 7,
      name: 'Gone',
      domain: 'gone.example.com',
      port: 443,
      otherPath: '',
      availabilityPercent: null,
      avgResponseMs: null,
      serviceStatus: 3,
      certificate: {
        sslStatus: 3,
        validTo: new Date(now - 2 * DAY_MS + 3_600_000).toISOString(),
        daysLeft: -2,
        checkFailed: false,
        lastCheckAt: new Date(checked).toISOString(),
      },
    });
    expect(byName('Broken')?.certificate).toEqual({
      sslStatus: null,
      validTo: null,
      daysLeft: null,
      checkFailed: true,
      lastCheckAt: new Date(checked).toISOString(),
    });
    expect(byName('Soon')).toMatchObject({ serviceStatus: 2, certificate: { sslStatus: 2, daysLeft: 3, checkFailed: false } });
    expect(byName('Edge')).toMatchObject({ serviceStatus: 2, certificate: { sslStatus: 2, daysLeft: 5, lastCheckAt: new Date(checked).toISOString() } });
  });

  it('keeps the SSL bands whatever the range, while traceroute follows it', async () => {
    const hour = await overview({ limit: 100 });
    const three = await overview({ hours: 3, limit: 100 });
    expect(countsOf(three, 6)).toEqual({ type: 6, normal: 1, warning: 1, error: 2, none: 1, disabled: 1 });
    expect(countsOf(three, 7)).toEqual(countsOf(hour, 7));
    expect(three.attention.map((task) => task.name)).toEqual(['Broken', 'Gone', 'Earlier', 'Lost', 'Hops', 'Soon', 'Edge']);
  });

  it("shows each customer only its own traceroute and SSL tasks", async () => {
    const mine = await overview({ limit: 100 });
    expect(mine.attention.map((task) => task.id)).not.toContain(idOf('Foreign'));
    expect(mine.attention.map((task) => task.id)).not.toContain(idOf('Stranger'));
    const theirs = await overview({ limit: 100 }, fx.otherToken);
    expect(theirs.attention.map((task) => task.name)).toEqual(['Stranger', 'Foreign']);
    expect(countsOf(theirs, 6)).toEqual({ type: 6, normal: 0, warning: 0, error: 1, none: 0, disabled: 0 });
    expect(countsOf(theirs, 7)).toEqual({ type: 7, normal: 0, warning: 0, error: 1, none: 0, disabled: 0 });
    expect(theirs.attentionTotal).toBe(2);
  });
});
