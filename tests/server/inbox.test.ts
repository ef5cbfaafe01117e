import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InboxListAnswer } from '../../src/shared/calls/inbox.js';
import { SEED, addCustomer, addUser, adminLogin, createTestServer, type TestServer } from './helpers.js';

let server: TestServer;
let demoUserId: number;
beforeAll(async () => {
  server = await createTestServer();
  const me = await server.db.selectFrom('users').select('id').where('account', '=', SEED.account).executeTakeFirstOrThrow();
  demoUserId = me.id;
});
afterAll(() => server.close());

function item(sno: string, custId: number, userId: number, createdAt: number, read = 0) {
  return {
    sno,
    cust_id: custId,
    user_id: userId,
    type: 'import',
    status: 2,
    title: 'inbox.importFinished',
    title_params: JSON.stringify({ count: 3 }),
    data: JSON.stringify({ total: 3, success: 3, fail: 0 }),
    read,
    created_at: createdAt,
  };
}

async function inbox(token: string): Promise<InboxListAnswer> {
  const response = await server.call('/inbox/list', { token, body: { page: 1, pageSize: 100 } });
  return InboxListAnswer.parse(response.json().data);
}

const snos = (answer: InboxListAnswer) => answer.list.map((entry) => entry.sno);

describe('POST /inbox/list', () => {
  it("answers only the user's own items, newest first, with total and unread", async () => {
    const token = await server.login();
    expect(await inbox(token)).toEqual({ list: [], total: 0, unread: 0 });
    const other = await addUser(server, { account: 'inboxother1' });
    await server.db
      .insertInto('inbox_items')
      .values([item('A1', server.custId, demoUserId, 1000), item('A2', server.custId, demoUserId, 2000, 1), item('B1', server.custId, other, 3000)])
      .execute();
    const data = await inbox(token);
    expect([data.total, data.unread, snos(data)]).toEqual([2, 1, ['A2', 'A1']]);
    expect(data.list[0]).toMatchObject({ status: 2, title: 'inbox.importFinished', titleParams: { count: 3 }, read: true });
  });
});

describe('inbox scope across customers', () => {
  let otherCust: number;
  beforeAll(async () => {
    otherCust = await addCustomer(server, 'Inbox Other Co');
    const otherUser = await addUser(server, { account: 'inboxcustb1', custId: otherCust });
    await server.db
      .insertInto('inbox_items')
      .values([item('CB1', otherCust, otherUser, 5000), item('CB2', otherCust, otherUser, 6000, 1)])
      .execute();
  });

  it("never shows a user one customer's items under another customer", async () => {
    const customerB = await inbox(await server.login('inboxcustb1', SEED.password));
    expect([customerB.total, customerB.unread, snos(customerB)]).toEqual([2, 1, ['CB2', 'CB1']]);
    const customerA = await inbox(await server.login());
    expect(snos(customerA)).toEqual(['A2', 'A1']);
  });

  it("gives an administrator the viewed customer's whole inbox, of every user, and nothing else", async () => {
    const viewingA = await inbox(await adminLogin(server));
    expect([viewingA.total, viewingA.unread, snos(viewingA)]).toEqual([3, 2, ['B1', 'A2', 'A1']]);
    const viewingB = await inbox(await adminLogin(server, otherCust));
    expect(snos(viewingB)).toEqual(['CB2', 'CB1']);
  });
});
