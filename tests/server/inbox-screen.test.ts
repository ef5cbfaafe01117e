import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxItem, InboxListAnswer } from '../../src/shared/calls/inbox.js';
import { SEED, addCustomer, addUser, adminLogin, createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let owner: number;
let neighbour: number;
let otherCust: number;
let token: string;

const FAILED_ROW = { protocol: 'HTTP', row: 3, domain: 'bad domain', port: '80', errcode: 1001, errmessage: 'Domain is not valid' };

function item(sno: string, userId: number, type: string, status: number, createdAt: number, extra: { custId?: number; read?: number } = {}) {
  return {
    sno,
    cust_id: extra.custId ?? server.custId,
    user_id: userId,
    type,
    status,
    title: `inbox.${type}`,
    title_params: JSON.stringify({ taskId: 7 }),
    data: JSON.stringify(type === 'import' ? { total: 4, processed: 4, success: 3, fail: 1, faildata: [FAILED_ROW] } : { total: 1, success: 1, fail: 0 }),
    read: extra.read ?? 0,
    created_at: createdAt,
  };
}

beforeAll(async () => {
  server = await createTestServer();
  owner = await addUser(server, { account: 'inboxscreen1' });
  neighbour = await addUser(server, { account: 'inboxscreen2' });
  otherCust = await addCustomer(server, 'Inbox Screen Other Co');
  const otherUser = await addUser(server, { account: 'inboxscreenb1', custId: otherCust });
  await server.db
    .insertInto('inbox_items')
    .values([
      item('D1', owner, 'deploy', 0, 1000),
      item('D2', owner, 'deploy', 0, 2000, { read: 1 }),
      item('D3', owner, 'deploy', 0, 3000),
      item('A1', owner, 'alert', 0, 4000),
      item('I1', owner, 'import', 2, 5000),
      item('I2', owner, 'import', 1, 6000),
      item('N1', neighbour, 'import', 2, 7000),
      item('X1', otherUser, 'import', 2, 8000, { custId: otherCust }),
    ])
    .execute();
  token = await server.login('inboxscreen1', SEED.password);
});
afterAll(() => server.close());

async function list(body: Record<string, unknown>, as = token): Promise<InboxListAnswer> {
  const response = await server.call('/inbox/list', { token: as, body });
  expect(response.json().code).toBe(200);
  return InboxListAnswer.parse(response.json().data);
}

const snos = (answer: InboxListAnswer) => answer.list.map((entry) => entry.sno);

describe('POST /inbox/list filters', () => {
  it('narrows to one type, one status or both; total counts the filtered items, unread the whole inbox', async () => {
    const deploys = await list({ type: 'deploy' });
    expect([snos(deploys), deploys.total, deploys.unread]).toEqual([['D3', 'D2', 'D1'], 3, 5]);
    const finished = await list({ status: 2 });
    expect([snos(finished), finished.total]).toEqual([['I1'], 1]);
    const processingImports = await list({ type: 'import', status: 1 });
    expect([snos(processingImports), processingImports.total]).toEqual([['I2'], 1]);
    const finishedAlerts = await list({ type: 'alert', status: 2 });
    expect([snos(finishedAlerts), finishedAlerts.total, finishedAlerts.unread]).toEqual([[], 0, 5]);
  });

  it('pages within the filter', async () => {
    const first = await list({ type: 'deploy', page: 1, pageSize: 10 });
    expect(snos(first)).toEqual(['D3', 'D2', 'D1']);
    const beyond = await list({ type: 'deploy', page: 2, pageSize: 10 });
    expect([snos(beyond), beyond.total]).toEqual([[], 3]);
    const notifications = await list({ status: 0, page: 1, pageSize: 10 });
    expect([snos(notifications), notifications.total]).toEqual([['A1', 'D3', 'D2', 'D1'], 4]);
  });

  it('leaves the failed rows out of a list (the item call brings them)', async () => {
    const imports = await list({ type: 'import' });
    expect(imports.list[1]).toMatchObject({ sno: 'I1', data: { total: 4, success: 3, fail: 1 } });
    expect(imports.list[1]?.data.faildata).toBeUndefined();
  });

  it('refuses an unknown type, a status outside 0-2 and a page size outside PAGE_SIZES with 1001', async () => {
    for (const body of [{ type: 'mail' }, { status: 3 }, { status: '1' }, { pageSize: 7 }]) {
      expect((await server.call('/inbox/list', { token, body })).json().code).toBe(1001);
    }
  });

  it("never lets a filter reach another user's or another customer's items", async () => {
    const imports = await list({ type: 'import', status: 2 });
    expect(snos(imports)).toEqual(['I1']);
    const neighbourImports = await list({ type: 'import' }, await server.login('inboxscreen2', SEED.password));
    expect(snos(neighbourImports)).toEqual(['N1']);
  });

  it("filters an administrator's view of the customer's whole inbox, and nothing of another customer", async () => {
    const viewing = await list({ type: 'import', status: 2 }, await adminLogin(server));
    expect(snos(viewing)).toEqual(['N1', 'I1']);
    const viewingOther = await list({ type: 'import' }, await adminLogin(server, otherCust));
    expect(snos(viewingOther)).toEqual(['X1']);
  });
});

async function itemCall(sno: string, as = token) {
  return (await server.call('/inbox/item', { token: as, body: { sno } })).json();
}

describe('POST /inbox/item', () => {
  it('answers one of the caller\'s items with all its data, the failed rows included', async () => {
    const answer = await itemCall('I1');
    expect(answer.code).toBe(200);
    const parsed = InboxItem.parse(answer.data);
    expect(parsed).toMatchObject({ sno: 'I1', type: 'import', status: 2, read: false, titleParams: { taskId: 7 } });
    expect(parsed.data).toMatchObject({ total: 4, success: 3, fail: 1, faildata: [FAILED_ROW] });
  });

  it("answers 2106 for an unknown item, another user's and another customer's", async () => {
    for (const sno of ['nope', 'N1', 'X1']) expect((await itemCall(sno)).code).toBe(2106);
  });

  it("gives an administrator any item of the viewed customer, never another customer's, and changes nothing", async () => {
    const admin = await adminLogin(server);
    expect((await itemCall('N1', admin)).data).toMatchObject({ sno: 'N1', read: false });
    expect((await itemCall('X1', admin)).code).toBe(2106);
    const row = await server.db.selectFrom('inbox_items').select('read').where('sno', '=', 'N1').executeTakeFirstOrThrow();
    expect(row.read).toBe(0);
  });

  it('refuses a missing or oversized sno (1001) and a caller without a session (401)', async () => {
    for (const body of [{}, { sno: '' }, { sno: 'x'.repeat(65) }]) {
      expect((await server.call('/inbox/item', { token, body })).json().code).toBe(1001);
    }
    expect((await server.call('/inbox/item', { body: { sno: 'I1' } })).json().code).toBe(401);
  });
});
