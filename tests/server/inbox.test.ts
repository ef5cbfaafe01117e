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

describe('POST /inbox/read and /inbox/read_all', () => {
  let owner: number;
  let neighbour: number;
  let otherCust: number;
  let otherCustUser: number;
  let token: string;
  beforeAll(async () => {
    owner = await addUser(server, { account: 'inboxreader1' });
    neighbour = await addUser(server, { account: 'inboxreader2' });
    otherCust = await addCustomer(server, 'Inbox Read Co');
    otherCustUser = await addUser(server, { account: 'inboxreadb1', custId: otherCust });
    await server.db
      .insertInto('inbox_items')
      .values([
        item('R1', server.custId, owner, 1000),
        item('R2', server.custId, owner, 2000),
        item('R3', server.custId, owner, 3000),
        item('N1', server.custId, neighbour, 4000),
        item('X1', otherCust, otherCustUser, 5000),
      ])
      .execute();
    token = await server.login('inboxreader1', SEED.password);
  });

  const readOf = async (sno: string) =>
    (await server.db.selectFrom('inbox_items').select('read').where('sno', '=', sno).executeTakeFirstOrThrow()).read;

  it('marks the named items read, and the unread count of the list and the answer falls', async () => {
    const response = await server.call('/inbox/read', { token, body: { snos: ['R1'] } });
    expect(response.json()).toMatchObject({ code: 200, data: { unread: 2 } });
    const data = await inbox(token);
    expect([data.unread, data.list.filter((entry) => entry.read).map((entry) => entry.sno)]).toEqual([2, ['R1']]);
  });

  it("passes over another user's and another customer's items, even named", async () => {
    const response = await server.call('/inbox/read', { token, body: { snos: ['N1', 'X1', 'R2', 'nope'] } });
    expect(response.json()).toMatchObject({ code: 200, data: { unread: 1 } });
    expect([await readOf('N1'), await readOf('X1'), await readOf('R2')]).toEqual([0, 0, 1]);
  });

  it("read_all marks every item of the caller read and nobody else's", async () => {
    const response = await server.call('/inbox/read_all', { token });
    expect(response.json()).toMatchObject({ code: 200, data: { unread: 0 } });
    expect((await inbox(token)).unread).toBe(0);
    expect([await readOf('R3'), await readOf('N1'), await readOf('X1')]).toEqual([1, 0, 0]);
    expect((await inbox(await server.login('inboxreader2', SEED.password))).unread).toBe(1);
  });

  it('refuses an empty or oversized list of items with 1001 and changes nothing', async () => {
    const neighbourToken = await server.login('inboxreader2', SEED.password);
    for (const snos of [[], Array.from({ length: 101 }, (_, index) => `S${index}`)]) {
      const response = await server.call('/inbox/read', { token: neighbourToken, body: { snos } });
      expect(response.json().code).toBe(1001);
    }
    expect(await readOf('N1')).toBe(0);
  });

  it("refuses both while an administrator views the customer (2007), leaving the users' items unread", async () => {
    const admin = await adminLogin(server);
    expect((await server.call('/inbox/read', { token: admin, body: { snos: ['N1'] } })).json().code).toBe(2007);
    expect((await server.call('/inbox/read_all', { token: admin })).json().code).toBe(2007);
    expect(await readOf('N1')).toBe(0);
  });

  it('refuses a caller without a session (401)', async () => {
    const response = await server.call('/inbox/read_all', {});
    expect(response.json().code).toBe(401);
    expect(await readOf('N1')).toBe(0);
  });
});
