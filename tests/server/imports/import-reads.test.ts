import * as XLSX from 'xlsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminLogin } from '../helpers.js';
import { icmpRows, importFixture, workbookOf, type ImportFixture } from './import-helpers.js';

let fx: ImportFixture;
beforeEach(async () => {
  fx = await importFixture();
});
afterEach(() => fx.close());

/** An import of 12 rows of which the last two fail (a duplicate, an unknown node), run to its end. */
async function finishedImport(): Promise<string> {
  const rows = icmpRows(12, fx.nodeName);
  rows[10] = { ...rows[10], domain: rows[0]?.domain ?? '' };
  rows[11] = { ...rows[11], nodes: 'No such node' };
  const started = await fx.upload(workbookOf({ ICMP: rows }), { language: 'en' });
  expect(started.code).toBe(200);
  await fx.finished(started.data.sno);
  return started.data.sno as string;
}

describe('reading an import', () => {
  it('answers progress while processing and done once finished; checkTask hands a reload the running and the unread finished ones', async () => {
    fx.gate.holdAt = 0;
    const started = await fx.upload(workbookOf({ ICMP: icmpRows(12, fx.nodeName) }));
    await fx.gate.held();
    expect((await fx.call('/domain/taskProgress', { sno: started.data.sno })).data).toEqual({ sno: started.data.sno, total: 12, processed: 0, success: 0, fail: 0, percent: 0 });
    const item = await fx.server.db.selectFrom('inbox_items').selectAll().where('sno', '=', started.data.sno).executeTakeFirstOrThrow();
    expect(item).toMatchObject({ type: 'import', status: 1, title: 'push:events.import.processing.title' });
    expect(JSON.parse(item.data)).toMatchObject({ total: 12, processed: 0, percent: 0, endtime: null, action: 'import' });

    fx.gate.release();
    await fx.finished(started.data.sno);
    expect((await fx.call('/domain/taskProgress', { sno: started.data.sno })).data).toBe('done');
    expect((await fx.call('/domain/checkTask', undefined, fx.token, 'GET')).data).toEqual({ processing: null, completed: [started.data.sno] });
    await fx.call('/inbox/read', { snos: [started.data.sno] });
    expect((await fx.call('/domain/checkTask', undefined, fx.token, 'GET')).data).toEqual({ processing: null, completed: [] });
  });

  it("answers a finished import's outcome, failed rows with messages in the uploader's language, and the failed rows as an xlsx file", async () => {
    const sno = await finishedImport();
    const completed = await fx.call('/domain/taskCompleted', { snolist: [sno, '999999'] });
    expect(Object.keys(completed.data)).toEqual([sno]);
    expect(completed.data[sno]).toMatchObject({ total: 12, success: 10, fail: 2 });

    const detail = await fx.call('/domain/taskCompletedDetail', { sno });
    expect(detail.data.faildata.map((row: { row: number; errcode: number }) => [row.row, row.errcode])).toEqual([
      [12, 2125],
      [13, 10010003],
    ]);
    expect(detail.data.faildata[1].errmessage).toMatch(/node/i);

    const file = await fx.server.call('/domain/import/failed_file', { token: fx.token, body: { sno } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = XLSX.read(file.rawPayload, { type: 'buffer' });
    const cells = JSON.stringify(book.Sheets[book.SheetNames[0] ?? '']);
    expect(cells).toContain('host-11.example.com');
    expect(cells).toContain('host-0.example.com');
  });

  it("answers 2106 for another customer's import and for an unknown one, and leaves them out of taskCompleted", async () => {
    const sno = await finishedImport();
    for (const path of ['/domain/taskProgress', '/domain/taskCompletedDetail', '/domain/import/failed_file']) {
      expect((await fx.call(path, { sno }, fx.otherToken)).code).toBe(2106);
      expect((await fx.call(path, { sno: '999999' })).code).toBe(2106);
    }
    expect((await fx.call('/domain/taskCompleted', { snolist: [sno] }, fx.otherToken)).data).toEqual({});
    expect((await fx.call('/domain/checkTask', undefined, fx.otherToken, 'GET')).data).toEqual({ processing: null, completed: [] });
  });

  it('lets an administrator viewing the customer read but not import', async () => {
    const sno = await finishedImport();
    const admin = await adminLogin(fx.server);
    expect((await fx.upload(workbookOf({ ICMP: icmpRows(3, fx.nodeName, 50) }), { token: admin })).code).toBe(2007);
    expect((await fx.call('/domain/taskProgress', { sno }, admin)).data).toBe('done');
  });
});
