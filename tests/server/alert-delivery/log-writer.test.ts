import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeAlertLog, type AlertLogEntry } from '../../../src/server/modules/alert-delivery/log-writer.js';
import { addCustomer, createTestServer, type TestServer } from '../helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

function entry(custId: number): AlertLogEntry {
  return {
    custId,
    ruleId: null,
    ruleName: 'Latency <b>',
    taskId: null,
    taskName: null,
    incidentId: null,
    event: 'test',
    lines: [{ key: 'test.line', params: { sentAt: 1 } }],
    nodes: [],
    verdict: null,
  };
}

async function addChat(custId: number, chatId: string, language: string | null, delivery = 'ok'): Promise<void> {
  await server.db
    .insertInto('alert_chats')
    .values({ cust_id: custId, chat_id: chatId, language, delivery, created_at: server.clock.now() })
    .execute();
}

describe('writeAlertLog', () => {
  it('writes the log entry and one pending message per chat that has not blocked the bot, in its language', async () => {
    await server.db.insertInto('alert_settings').values({ cust_id: server.custId, language: 'en', updated_at: 0 }).execute();
    await addChat(server.custId, '101', null);
    await addChat(server.custId, '102', 'zh-cn');
    await addChat(server.custId, '103', null, 'blocked');
    const other = await addCustomer(server, 'Other Co');
    await addChat(other, '900', null);

    const now = server.clock.now();
    const written = await server.db.transaction().execute((trx) => writeAlertLog(trx, entry(server.custId), now));

    const log = await server.db.selectFrom('alert_log').selectAll().where('id', '=', written.logId).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ cust_id: server.custId, event: 'test', rule_name: 'Latency <b>', created_at: now });
    expect(JSON.parse(log.content)).toEqual(entry(server.custId).lines);
    const outbox = await server.db.selectFrom('alert_outbox').selectAll().orderBy('id').execute();
    expect(outbox.map((row) => row.id)).toEqual(written.outboxIds);
    expect(outbox.map((row) => [row.chat_id, row.language, row.state, row.next_attempt_at])).toEqual([
      ['101', 'en', 'pending', now],
      ['102', 'zh-cn', 'pending', now],
    ]);
  });

  it('uses the default language without settings and writes no message without chats', async () => {
    await addChat(server.custId, '101', null);
    const first = await writeAlertLog(server.db, entry(server.custId), 5);
    const other = await addCustomer(server, 'Other Co');
    const second = await writeAlertLog(server.db, entry(other), 6);
    expect(second.outboxIds).toEqual([]);
    const rows = await server.db.selectFrom('alert_outbox').select(['log_id', 'language']).execute();
    expect(rows).toEqual([{ log_id: first.logId, language: 'zh-tw' }]);
  });
});
