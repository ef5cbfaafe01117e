import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { icmpRows, importFixture, workbookOf, type ImportFixture } from './import-helpers.js';

let fx: ImportFixture;
beforeEach(async () => {
  fx = await importFixture(50);
});
afterEach(() => fx.close());

const liveTasks = () => fx.server.db.selectFrom('tasks').select(['id', 'domain']).where('cust_id', '=', fx.server.custId).where('deleted_at', 'is', null).execute();

describe('an import job', () => {
  it('imports a 1,000-row file in the background with correct counts, one task per valid row', { timeout: 120_000 }, async () => {
    const rows = icmpRows(1_000, fx.nodeName);
    // Two rows the job refuses: a duplicate of an earlier row (2125) and a bad frequency (caught at reading).
    rows[500] = { ...rows[500], domain: rows[10]?.domain ?? '' };
    rows[700] = { ...rows[700], frequencyMinutes: 7 };
    const started = await fx.upload(workbookOf({ ICMP: rows }));
    expect([started.code, started.data.total]).toEqual([200, 1_000]);
    await fx.finished(started.data.sno);

    expect((await liveTasks()).length).toBe(998);
    const completed = await fx.call('/domain/taskCompleted', { snolist: [started.data.sno] });
    expect(completed.data[started.data.sno]).toMatchObject({ sno: started.data.sno, total: 1_000, success: 998, fail: 2 });
    const detail = await fx.call('/domain/taskCompletedDetail', { sno: started.data.sno });
    expect(detail.data.faildata.map((row: { row: number; errcode: number }) => [row.row, row.errcode])).toEqual([
      [502, 2125],
      [702, 10010003],
    ]);
    expect(detail.data.faildata[0]).toMatchObject({ protocol: 'ICMP', domain: rows[10]?.domain });
    for (const row of detail.data.faildata) expect(row.errmessage).not.toBe('');

    const item = await fx.server.db.selectFrom('inbox_items').selectAll().where('sno', '=', started.data.sno).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ type: 'import', status: 2, title: 'push:events.import.finished.title', read: 0 });
    const data = JSON.parse(item.data);
    expect(data).toMatchObject({ total: 1_000, processed: 1_000, success: 998, fail: 2, percent: 100, action: 'import' });
    expect(data.faildata).toHaveLength(2);
    expect(Object.keys(data.elapsedTime)).toEqual(['day', 'hour', 'minute', 'second', 'ms']);
    expect(typeof data.endtime).toBe('string');
  });

  it('answers 2111 up front, naming the points needed and left, when the contract cannot cover the file', async () => {
    await fx.server.db.updateTable('contracts').set({ purchased_points: 30, used_points: 0 }).where('cust_id', '=', fx.server.custId).execute();
    // 40 valid rows at one node, hourly: 1 point each.
    const refused = await fx.upload(workbookOf({ ICMP: icmpRows(40, fx.nodeName) }), { language: 'en' });
    expect([refused.statusCode, refused.code]).toEqual([400, 2111]);
    expect(refused.message).toContain('40');
    expect(refused.message).toContain('30');
    expect(await fx.server.db.selectFrom('import_jobs').select('sno').execute()).toEqual([]);
    expect(await liveTasks()).toEqual([]);
  });
});
