import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FINISHED_IMPORT_DAYS, pruneFinishedImports } from '../../../src/server/modules/imports/prune.js';
import { icmpRows, importFixture, workbookOf, type ImportFixture } from './import-helpers.js';

let fx: ImportFixture;
beforeEach(async () => {
  fx = await importFixture(10);
});
afterEach(() => {
  fx.gate.release();
  return fx.close();
});

const DAY_MS = 86_400_000;
const rowsOf = async (sno: string) => (await fx.server.db.selectFrom('import_rows').select('ordinal').where('sno', '=', sno).execute()).length;

describe('pruning finished imports', () => {
  it(`deletes a job finished more than ${FINISHED_IMPORT_DAYS} days ago with its rows, and keeps recent and processing ones`, async () => {
    const finished = await fx.upload(workbookOf({ ICMP: [...icmpRows(20, fx.nodeName), ...icmpRows(1, fx.nodeName)] }));
    await fx.finished(finished.data.sno);
    fx.gate.holdAt = 0;
    const processing = await fx.upload(workbookOf({ ICMP: icmpRows(5, fx.nodeName, 100) }));
    await fx.gate.held();
    const now = fx.server.clock.now();

    expect(await pruneFinishedImports(fx.server.db, now - FINISHED_IMPORT_DAYS * DAY_MS)).toEqual({ jobs: 0, rows: 0 });
    expect((await fx.call('/domain/taskCompletedDetail', { sno: finished.data.sno })).code).toBe(200);

    expect(await pruneFinishedImports(fx.server.db, now + DAY_MS)).toEqual({ jobs: 1, rows: 21 });
    expect(await rowsOf(finished.data.sno)).toBe(0);
    expect((await fx.call('/domain/taskCompletedDetail', { sno: finished.data.sno })).code).toBe(2106);
    expect(await rowsOf(processing.data.sno)).toBe(5);
    expect((await fx.call('/domain/taskProgress', { sno: processing.data.sno })).data).toMatchObject({ total: 5, processed: 0 });
    // The tasks the import created stay.
    expect(await fx.server.db.selectFrom('tasks').select('id').where('cust_id', '=', fx.server.custId).execute()).toHaveLength(20);
  });
});
