import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALERT_LOG_DAYS, pruneAlertLog } from '../../../src/server/modules/alert-delivery/prune.js';
import { createTestServer, type TestServer } from '../helpers.js';

const DAY_MS = 86_400_000;

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

async function logWithMessage(createdAt: number, state: string): Promise<number> {
  const log = await server.db
    .insertInto('alert_log')
    .values({ cust_id: server.custId, rule_id: null, rule_name: null, task_id: null, task_name: null, incident_id: null, event: 'test', content: '[]', verdict: null, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('alert_outbox')
    .values({ cust_id: server.custId, log_id: log.id, chat_id: '42', language: 'en', text: 'x', state, next_attempt_at: createdAt, created_at: createdAt })
    .execute();
  return log.id;
}

async function incident(startedAt: number, endedAt: number | null): Promise<number> {
  const row = await server.db
    .insertInto('alert_incidents')
    .values({ cust_id: server.custId, rule_id: 1, task_id: 1, kind: 'breach', started_at: startedAt, ended_at: endedAt, last_sent_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('alert log retention', () => {
  it('drops entries, their messages and ended incidents past retention, and keeps the rest', async () => {
    const now = server.clock.now();
    const cutoff = now - ALERT_LOG_DAYS * DAY_MS;
    const old = await logWithMessage(cutoff - 1, 'sent');
    const oldPending = await logWithMessage(cutoff - 1, 'pending');
    const recent = await logWithMessage(cutoff, 'sent');
    const endedLongAgo = await incident(cutoff - 10 * DAY_MS, cutoff - 1);
    const stillOpen = await incident(cutoff - 10 * DAY_MS, null);
    const endedRecently = await incident(cutoff - 10 * DAY_MS, cutoff);

    expect(await pruneAlertLog(server.db, cutoff)).toEqual({ log: 1, messages: 1, incidents: 1 });

    const logIds = (await server.db.selectFrom('alert_log').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(logIds).toEqual([oldPending, recent]);
    expect(logIds).not.toContain(old);
    const messageLogs = (await server.db.selectFrom('alert_outbox').select('log_id').orderBy('log_id').execute()).map((row) => row.log_id);
    expect(messageLogs).toEqual([oldPending, recent]);
    const incidentIds = (await server.db.selectFrom('alert_incidents').select('id').orderBy('id').execute()).map((row) => row.id);
    expect(incidentIds).toEqual([stillOpen, endedRecently]);
    expect(incidentIds).not.toContain(endedLongAgo);
  });
});
