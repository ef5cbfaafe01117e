import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { icmpRows, importFixture, workbookOf, type ImportFixture } from './import-helpers.js';

let fx: ImportFixture;
beforeEach(async () => {
  // Two retries, no wait: the test stays free of timing.
  fx = await importFixture(10, [0, 0]);
});
afterEach(() => fx.close());

const liveDomains = async () =>
  (await fx.server.db.selectFrom('tasks').select('domain').where('cust_id', '=', fx.server.custId).where('deleted_at', 'is', null).execute()).map((row) => row.domain);

describe('when the import runner itself fails', () => {
  it('retries the job and finishes it with every row created once', async () => {
    fx.gate.failAt = 30;
    fx.gate.failures = 2;
    const started = await fx.upload(workbookOf({ ICMP: icmpRows(100, fx.nodeName) }));
    await fx.finished(started.data.sno);

    const domains = await liveDomains();
    expect(domains).toHaveLength(100);
    expect(new Set(domains).size).toBe(100);
    const result = await fx.call('/domain/taskCompleted', { snolist: [started.data.sno] });
    expect(result.data[started.data.sno]).toMatchObject({ total: 100, success: 100, fail: 0 });
  });

  it('gives up after the retries: the rows not yet written fail with 2104 saying so, the inbox tells the user, and task changes are allowed again', async () => {
    fx.gate.failAt = 30;
    fx.gate.failures = 3;
    const started = await fx.upload(workbookOf({ ICMP: icmpRows(100, fx.nodeName) }), { language: 'en' });
    await fx.finished(started.data.sno);

    expect(await liveDomains()).toHaveLength(30);
    const detail = await fx.call('/domain/taskCompletedDetail', { sno: started.data.sno });
    expect(detail.data.faildata).toHaveLength(70);
    expect(detail.data.faildata[0]).toMatchObject({ protocol: 'ICMP', domain: 'host-30.example.com', errcode: 2104 });
    expect(detail.data.faildata[0].errmessage).toContain('the import stopped on a server error before this row was tried');
    const item = await fx.server.db.selectFrom('inbox_items').select(['status', 'data']).where('sno', '=', started.data.sno).executeTakeFirstOrThrow();
    expect(item.status).toBe(2);
    expect(JSON.parse(item.data)).toMatchObject({ total: 100, success: 30, fail: 70, percent: 100 });
    expect((await fx.call('/domain/checkTask', undefined, fx.token, 'GET')).data.processing).toBeFalsy();
    expect((await fx.call('/domain/icmp/create', { name: 'Gateway', domain: '192.0.2.1', frequencyMinutes: 60, nodeIds: [fx.nodeId] })).code).toBe(200);
  });
});
