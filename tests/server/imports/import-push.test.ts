import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWorkbook, multipartFile } from '../../support/import-workbook.js';
import { createPushTestBed, pushesSettled, subscribe, type PushTestBed } from '../push/push-helpers.js';
import { createSubscriber, type TestSubscriber } from '../push/push-receiver.js';

let bed: PushTestBed;
let token: string;
let phone: TestSubscriber;

beforeAll(async () => {
  bed = await createPushTestBed();
  token = await bed.server.login();
  phone = createSubscriber(bed.receiver.origin, 'phone-en');
  await subscribe(bed.server, token, phone, 'en');
}, 60_000);
afterAll(() => bed.close());

describe('a finished import', () => {
  it("pushes the uploader's inbox item (the same sno) in the device's language", async () => {
    const node = await bed.server.db.selectFrom('nodes').select('name').orderBy('id').executeTakeFirstOrThrow();
    const rows = [1, 2, 3].map((index) => ({ name: `Host ${index}`, domain: `host-${index}.example.com`, frequencyMinutes: 60, nodes: node.name }));
    const { payload, contentType } = multipartFile('file', 'hosts.xlsx', importWorkbook({ ICMP: [...rows, { ...rows[0], name: 'Again' }] }));
    const started = (await bed.server.call('/domain/import', { token, payload, headers: { 'content-type': contentType } })).json();
    expect(started.code).toBe(200);
    const pushedBefore = bed.receiver.received.length;
    await bed.receiver.waitFor(pushedBefore + 1);
    await pushesSettled(bed.server);
    const pushes = bed.receiver.received.slice(pushedBefore).map((push) => JSON.parse(phone.decrypt(push.body)) as { sno: number; title: string; body: string });
    expect(pushes).toEqual([
      expect.objectContaining({ sno: Number(started.data.sno), title: 'Import finished: hosts.xlsx', body: '3 of 4 rows of hosts.xlsx imported, 1 failed.' }),
    ]);
    const items = await bed.server.db.selectFrom('inbox_items').select(['sno', 'status']).where('type', '=', 'import').execute();
    expect(items).toEqual([{ sno: started.data.sno, status: 2 }]);
  });
});
