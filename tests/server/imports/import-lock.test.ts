import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEPLOY_DEADLINE_SECONDS, icmpRows, importFixture, workbookOf, type ImportFixture } from './import-helpers.js';

let fx: ImportFixture;
beforeEach(async () => {
  fx = await importFixture();
});
afterEach(() => fx.close());

const icmpBody = (domain: string) => ({ name: 'Gateway', domain, frequencyMinutes: 60, nodeIds: [fx.nodeId] });

describe('while an import is processing', () => {
  it('refuses every other task change of the customer with 2105, another import included, and allows them again once it finished', async () => {
    const existing = await fx.call('/domain/icmp/create', icmpBody('192.0.2.1'));
    const ssl = await fx.call('/domain/ssl/create', { name: 'Cert', domain: 'shop.example.com', frequencyMinutes: 60, nodeIds: [fx.nodeId] });
    expect([existing.code, ssl.code]).toEqual([200, 200]);
    fx.server.clock.advanceSeconds(DEPLOY_DEADLINE_SECONDS + 1);
    fx.gate.holdAt = 0;
    const started = await fx.upload(workbookOf({ ICMP: icmpRows(30, fx.nodeName) }));
    expect(started.code).toBe(200);
    await fx.gate.held();

    const refused = [
      await fx.call('/domain/icmp/create', icmpBody('192.0.2.2')),
      await fx.call('/domain/icmp/update', { id: existing.data.id, name: 'Renamed' }),
      await fx.call('/domain/delete', { ids: [existing.data.id] }),
      await fx.call('/domain/ssl/create', { name: 'Cert', domain: 'www.example.com', frequencyMinutes: 60, nodeIds: [fx.nodeId] }),
      await fx.call('/domain/ssl/update', { id: ssl.data.id, name: 'Renamed' }),
      await fx.call('/domain/ssl/delete', { ids: [ssl.data.id] }),
      await fx.call('/domain/traceroute/create', { name: 'Route', domain: 'example.com', frequencyMinutes: 60, nodeIds: [fx.nodeId] }),
      await fx.call('/domain/rebuild', { id: existing.data.id }),
      await fx.upload(workbookOf({ ICMP: icmpRows(5, fx.nodeName, 100) })),
    ];
    expect(refused.map((answer) => [answer.statusCode, answer.code])).toEqual(refused.map(() => [409, 2105]));
    // Groups and tags are not task changes.
    expect((await fx.call('/domain_group/create', { name: 'Web' })).code).toBe(200);
    expect((await fx.call('/domain/info', { id: existing.data.id })).data).toMatchObject({ name: 'Gateway', version: 1 });
    expect((await fx.call('/domain/checkTask', undefined, fx.token, 'GET')).data).toEqual({ processing: started.data.sno, completed: [] });

    fx.gate.release();
    await fx.finished(started.data.sno);
    expect((await fx.call('/domain/icmp/create', icmpBody('192.0.2.2'))).code).toBe(200);
    expect((await fx.server.db.selectFrom('tasks').select('id').where('deleted_at', 'is', null).execute()).length).toBe(33);
  });

  it('lets only one of two uploads arriving together start', async () => {
    fx.gate.holdAt = 0;
    const answers = await Promise.all([fx.upload(workbookOf({ ICMP: icmpRows(20, fx.nodeName) })), fx.upload(workbookOf({ ICMP: icmpRows(20, fx.nodeName, 50) }))]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 2105]);
    expect(await fx.server.db.selectFrom('import_jobs').select('sno').execute()).toHaveLength(1);
    expect(await fx.server.db.selectFrom('inbox_items').select('sno').where('type', '=', 'import').execute()).toHaveLength(1);
  });

  it('does not block other customers', async () => {
    fx.gate.holdAt = 0;
    expect((await fx.upload(workbookOf({ ICMP: icmpRows(5, fx.nodeName) }))).code).toBe(200);
    await fx.gate.held();
    expect((await fx.call('/domain/icmp/create', icmpBody('192.0.2.9'), fx.otherToken)).code).toBe(200);
  });
});
