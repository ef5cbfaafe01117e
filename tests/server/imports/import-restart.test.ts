import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { icmpRows, importFixture, workbookOf, type ImportFixture } from './import-helpers.js';

let fx: ImportFixture;
beforeEach(async () => {
  fx = await importFixture(10);
});
afterEach(() => fx.close());

const liveDomains = async () =>
  (await fx.server.db.selectFrom('tasks').select('domain').where('cust_id', '=', fx.server.custId).where('deleted_at', 'is', null).execute()).map((row) => row.domain);

describe('a server restart mid-import', () => {
  it('resumes the job on the next start and finishes it with no task created twice', async () => {
    fx.gate.holdAt = 30;
    const started = await fx.upload(workbookOf({ ICMP: icmpRows(100, fx.nodeName) }));
    await fx.gate.held();
    expect(await liveDomains()).toHaveLength(30);
    const midway = await fx.call('/domain/taskProgress', { sno: started.data.sno });
    expect(midway.data).toEqual({ sno: started.data.sno, total: 100, processed: 30, success: 30, fail: 0, percent: 30 });

    fx.gate.holdAt = undefined;
    await fx.server.restart();
    await fx.finished(started.data.sno);

    const domains = await liveDomains();
    expect(domains).toHaveLength(100);
    expect(new Set(domains).size).toBe(100);
    const job = await fx.server.db.selectFrom('import_jobs').selectAll().where('sno', '=', started.data.sno).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'finished', total: 100, processed: 100, success: 100, fail: 0 });
    const rows = await fx.server.db.selectFrom('import_rows').select(['state', 'task_id']).where('sno', '=', started.data.sno).execute();
    expect(rows.every((row) => row.state === 'created')).toBe(true);
    expect(new Set(rows.map((row) => row.task_id)).size).toBe(100);
    // Points were charged once per task.
    const contract = await fx.server.db.selectFrom('contracts').select('used_points').where('cust_id', '=', fx.server.custId).executeTakeFirstOrThrow();
    expect(contract.used_points).toBe(100);
  });
});
