import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainOverviewAnswer } from '../../../src/shared/calls/domain-overview.js';
import { SSL_FILTER, SslSearchAnswer, type SslSearchBody } from '../../../src/shared/calls/domain-trace-ssl.js';
import { MONITOR_TYPES, SSL_STATUS } from '../../../src/shared/codes.js';
import { domainFixture, type DomainFixture } from './domain-helpers.js';
import { MINUTE_MS, certificateOf, ingestOne, sslBody, sslRun } from './trace-ssl-helpers.js';

/**
 * The SSL list's failed checks: a task checked whose nodes' newest checks read no certificate is
 * "check failed" (as the overview counts it), and the SSL status filter tells it apart from a task
 * never checked; "expired or check failed" is the overview's error band.
 */

let fx: DomainFixture;
beforeEach(async () => {
  fx = await domainFixture();
});
afterEach(() => fx.close());

async function seed() {
  const [a, b] = fx.nodes;
  const now = fx.server.clock.now();
  const make = async (name: string, nodeIds: number[], extra: Record<string, unknown> = {}) => {
    const answer = await fx.call('/domain/ssl/create', sslBody(nodeIds, { name, domain: `${name.toLowerCase().replace(/ /g, '-')}.example.com`, ...extra }));
    if (answer.code !== 200) throw new Error(answer.body);
    return answer.data.id as number;
  };
  const ids = {
    fine: await make('Fine', [a]),
    expired: await make('Expired', [a]),
    refused: await make('Refused', [a]),
    // Read a certificate once; its newest check read none: the newest checks count.
    lapsed: await make('Lapsed', [a]),
    // One node cannot reach it, the other reads the certificate: that certificate shows.
    halfway: await make('Halfway', [a, b]),
    fresh: await make('Fresh', [a]),
    switchedOff: await make('Switched off', [a]),
  };
  await ingestOne(fx, a, ids.fine, sslRun(now - 2 * MINUTE_MS, certificateOf(now, 60)));
  await ingestOne(fx, a, ids.expired, sslRun(now - 2 * MINUTE_MS, certificateOf(now, -5)));
  await ingestOne(fx, a, ids.refused, sslRun(now - 2 * MINUTE_MS, null));
  await ingestOne(fx, a, ids.lapsed, sslRun(now - 3 * MINUTE_MS, certificateOf(now, 40)));
  await ingestOne(fx, a, ids.lapsed, sslRun(now - MINUTE_MS, null));
  await ingestOne(fx, a, ids.halfway, sslRun(now - MINUTE_MS, null));
  await ingestOne(fx, b, ids.halfway, sslRun(now - 2 * MINUTE_MS, certificateOf(now, 20)));
  await ingestOne(fx, a, ids.switchedOff, sslRun(now - 2 * MINUTE_MS, null));
  // Switched off after its check failed (past the deploy deadline, so the change is allowed).
  fx.passDeadlines();
  const off = await fx.call('/domain/ssl/update', { id: ids.switchedOff, status: 2 });
  if (off.code !== 200) throw new Error(off.body);
  return { ids, now };
}

const search = async (body: Partial<SslSearchBody> = {}) => {
  const answer = await fx.call('/domain/ssl/search', body);
  if (answer.code !== 200) throw new Error(answer.body);
  return SslSearchAnswer.parse(answer.data);
};
const names = (answer: SslSearchAnswer) => answer.list.map((row) => row.name).sort();

describe('SSL tasks whose check failed', () => {
  it('list with no certificate but the time of their newest check; a node that read one shows it', async () => {
    const { ids, now } = await seed();
    const rows = new Map((await search()).list.map((row) => [row.id, row]));
    expect(rows.get(ids.refused)).toMatchObject({ sslStatus: null, validTo: null, daysLeft: null, lastCheckAt: new Date(now - 2 * MINUTE_MS).toISOString() });
    expect(rows.get(ids.lapsed)).toMatchObject({ sslStatus: null, validTo: null, lastCheckAt: new Date(now - MINUTE_MS).toISOString() });
    expect(rows.get(ids.halfway)).toMatchObject({ sslStatus: SSL_STATUS.NOT_EXPIRED, daysLeft: 20, lastCheckAt: new Date(now - MINUTE_MS).toISOString() });
    expect(rows.get(ids.fresh)).toMatchObject({ sslStatus: null, lastCheckAt: null });
  });

  it('are told apart by the SSL status filter from tasks never checked; the old values still filter by SSL status', async () => {
    await seed();
    expect(names(await search({ sslStatus: SSL_FILTER.CHECK_FAILED }))).toEqual(['Lapsed', 'Refused', 'Switched off']);
    expect(names(await search({ sslStatus: SSL_FILTER.NOT_CHECKED }))).toEqual(['Fresh']);
    expect(names(await search({ sslStatus: SSL_FILTER.EXPIRED_OR_FAILED }))).toEqual(['Expired', 'Lapsed', 'Refused', 'Switched off']);
    expect(names(await search({ sslStatus: SSL_FILTER.EXPIRED_OR_FAILED, status: 1 }))).toEqual(['Expired', 'Lapsed', 'Refused']);
    expect(names(await search({ sslStatus: 1 }))).toEqual(['Fine', 'Halfway']);
    expect(names(await search({ sslStatus: 3 }))).toEqual(['Expired']);
    expect((await search({ sslStatus: SSL_FILTER.CHECK_FAILED, keyword: 'laps' })).total).toBe(1);
  });

  it("give the overview's error and no-data bands exactly the tasks its links filter for", async () => {
    await seed();
    const overview = DomainOverviewAnswer.parse((await fx.call('/domain/overview', {})).data);
    const ssl = overview.types.find((row) => row.type === MONITOR_TYPES.SSL);
    const enabled = { status: 1 as const };
    expect(ssl?.error).toBe((await search({ ...enabled, sslStatus: SSL_FILTER.EXPIRED_OR_FAILED })).total);
    expect(ssl?.none).toBe((await search({ ...enabled, sslStatus: SSL_FILTER.NOT_CHECKED })).total);
    expect(ssl?.warning).toBe((await search({ ...enabled, sslStatus: SSL_FILTER.EXPIRING })).total);
    expect(ssl?.normal).toBe((await search({ ...enabled, sslStatus: SSL_FILTER.NOT_EXPIRED })).total);
    expect([ssl?.error, ssl?.none]).toEqual([3, 1]);
  });
});
