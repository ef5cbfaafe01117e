// alerts.delivery_p99_ms: from the commit of the transaction that wrote an alert (writeAlertLog)
// to the Bot API receiving the chat's message, through the real sender and Telegram client against
// the local Bot-API-shaped peer (tests/support/bot-api-peer.ts, in this process). 10 customers with
// 5 chats each; an alert every 200 ms for a random customer (5 messages, 25 a second in all, under
// the 30/s limit), 500 messages (quick: 250). The figure is the p99 over messages whose chat was
// idle, what a user notices: the chat's previous message was received at least 1 s (the per-chat
// interval) before this one's commit. Messages a chat's 1/s limit holds back on purpose are counted
// beside it (`alerts.delivery_paced_share`), not in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { DB_FILE_NAME, openDatabase, type Db } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';
import { writeAlertLog } from '../../src/server/modules/alert-delivery/log-writer.js';
import { BotApiPeer } from '../../tests/support/bot-api-peer.js';
import { seededRandom } from './probes-scale/results.js';
import { percentile } from './probes-scale/stats.js';
import { progress, type BenchOptions, type Figure } from './report.js';

const TOKEN = '777000:bench-token-abcdefghijklmnopqrstuv';
const CUSTOMERS = 10;
const CHATS_PER_CUSTOMER = 5;
const ALERT_EVERY_MS = 200;
const CHAT_INTERVAL_MS = 1000;

interface Written {
  chatId: string;
  committedAt: number;
}

const clock = () => performance.timeOrigin + performance.now();

async function addCustomersWithChats(db: Db): Promise<number[]> {
  const custIds: number[] = [];
  for (let customer = 0; customer < CUSTOMERS; customer += 1) {
    const row = await db.insertInto('customers').values({ name: `Bench ${customer}`, tax_id: '12345675', status: 'active' }).returning('id').executeTakeFirstOrThrow();
    custIds.push(row.id);
    const chats = Array.from({ length: CHATS_PER_CUSTOMER }, (_, chat) => ({ cust_id: row.id, chat_id: String(-1_000_000 - customer * 100 - chat), language: chat % 2 === 0 ? 'en' : null, created_at: Date.now() }));
    await db.insertInto('alert_chats').values(chats).execute();
  }
  return custIds;
}

/** Latency of each message whose chat was idle, and how many were held by the chat's own limit. */
function latencies(written: Map<string, Written>, peer: BotApiPeer): { idle: number[]; paced: number } {
  const idle: number[] = [];
  let paced = 0;
  const lastReceived = new Map<string, number>();
  const received = [...peer.messages].sort((a, b) => a.at - b.at);
  for (const message of received) {
    const entry = written.get(`${message.chatId}/${/bench-(\d+)/.exec(message.text)?.[1] ?? ''}`);
    if (!entry) throw new Error(`alerts.delivery: an unexpected message reached the peer: ${message.text.slice(0, 80)}`);
    const previous = lastReceived.get(message.chatId);
    if (previous === undefined || previous + CHAT_INTERVAL_MS <= entry.committedAt) idle.push(message.at - entry.committedAt);
    else paced += 1;
    lastReceived.set(message.chatId, message.at);
  }
  return { idle, paced };
}

export async function alertsDeliveryFigures(options: BenchOptions): Promise<Figure[]> {
  const alerts = options.quick ? 50 : 100;
  const dir = mkdtempSync(join(tmpdir(), 'vigil-bench-alerts-'));
  const peer = await BotApiPeer.start({ token: TOKEN, now: clock });
  const config = loadConfig({ VIGIL_DATA_DIR: dir, VIGIL_CLIENT_DIR: join(dir, 'none'), VIGIL_SEED_PASSWORD: 'bench-pass-1', VIGIL_TELEGRAM_BOT_TOKEN: TOKEN, VIGIL_TELEGRAM_API_BASE: peer.url });
  const db = openDatabase(join(dir, DB_FILE_NAME));
  await migrateToLatest(db);
  await seedIfEmpty(db, config);
  const app = await buildApp({ ...config, platformSecret: 'bench-platform-secret-0123' }, { db, logger: false });
  try {
    const custIds = await addCustomersWithChats(db);
    const random = seededRandom(11);
    const written = new Map<string, Written>();
    progress(`alerts.delivery: ${alerts} alerts to ${CUSTOMERS} customers × ${CHATS_PER_CUSTOMER} chats, one every ${ALERT_EVERY_MS} ms`);
    const start = clock();
    for (let alert = 0; alert < alerts; alert += 1) {
      const wait = start + alert * ALERT_EVERY_MS - clock();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const custId = custIds[Math.floor(random() * custIds.length)] ?? 0;
      const entry = { custId, ruleId: null, ruleName: null, taskId: null, taskName: null, incidentId: null, event: 'fire' as const, nodes: [], verdict: null };
      const lines = [{ key: 'headline.fire', params: { rule: `bench-${alert}` } }];
      const chats = await db.transaction().execute(async (trx) => {
        await writeAlertLog(trx, { ...entry, lines }, Date.now());
        return trx.selectFrom('alert_chats').select('chat_id').where('cust_id', '=', custId).execute();
      });
      const committedAt = clock();
      app.vigil.alertDelivery?.wake();
      for (const chat of chats) written.set(`${chat.chat_id}/${alert}`, { chatId: chat.chat_id, committedAt });
    }
    await peer.waitForMessages(written.size, 60_000);
    const { idle, paced } = latencies(written, peer);
    progress(`alerts.delivery: ${idle.length} of ${written.size} messages to idle chats, median ${percentile(idle, 50).toFixed(1)} ms`);
    return [
      { name: 'alerts.delivery_p99_ms', value: percentile(idle, 99), unit: 'ms', target: '≤ 2000', better: 'lower' },
      { name: 'alerts.delivery_p50_ms', value: percentile(idle, 50), unit: 'ms', target: null, better: 'lower' },
      { name: 'alerts.delivery_paced_share', value: paced / written.size, unit: '×', target: null, better: 'lower' },
    ];
  } finally {
    await app.close();
    await db.destroy();
    await peer.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
