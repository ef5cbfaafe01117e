import { testEngine } from '../test-database.js';
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { writeAlertLog } from '../../../src/server/modules/alert-delivery/log-writer.js';
import { alertSender } from '../../../src/server/modules/alert-delivery/sender.js';
import { CLAIM_LEASE_MS } from '../../../src/server/modules/alert-delivery/claim.js';
import { BotApiPeer } from '../../support/bot-api-peer.js';
import { waitFor } from '../../agent/helpers/agent-harness.js';
import { createTestServer, testEnv, type TestServer } from '../helpers.js';
import { BOT_TOKEN, outboxStates, queueTexts, saveChat } from './delivery-helpers.js';

/** A server process started with tsx on a busy machine may take a while to listen and send. */
const START_TIMEOUT_MS = 60_000;
/**
 * On PostgreSQL a message claimed by an instance that died stays away from the others until its
 * lease runs out (several instances may run: alert-delivery/claim.ts); a restarted single instance
 * waits that out too. The request timeout below is longer: the lease, not the timeout, decides.
 */
const CLAIM_LEASE_WAIT_MS = testEngine === 'postgres' ? CLAIM_LEASE_MS : 0;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startPeer(now?: () => number): Promise<BotApiPeer> {
  const peer = await BotApiPeer.start({ token: BOT_TOKEN, ...(now ? { now } : {}) });
  cleanups.push(() => peer.close());
  return peer;
}

async function serverWithoutToken(): Promise<TestServer> {
  const server = await createTestServer();
  cleanups.push(() => server.close());
  return server;
}

describe('alert delivery across restarts', () => {
  it('without a bot token tries nothing and keeps the messages, which a restart with a token delivers', async () => {
    const server = await serverWithoutToken();
    const peer = await startPeer(server.clock.now);
    await saveChat(server, '31');
    const entry = { custId: server.custId, ruleId: null, ruleName: null, taskId: null, taskName: null, incidentId: null, event: 'test' as const, lines: [], nodes: [], verdict: null };
    await writeAlertLog(server.db, entry, server.clock.now());
    server.app.vigil.alertDelivery?.wake();
    server.clock.advanceSeconds(600);
    server.app.vigil.alertDelivery?.wake();
    await alertSender(server.app.vigil)?.idle();
    expect(peer.requests).toEqual([]);
    expect(await server.db.selectFrom('alert_outbox').select(['state', 'attempts']).execute()).toEqual([{ state: 'pending', attempts: 0 }]);

    await server.app.close();
    const telegram = { botToken: BOT_TOKEN, apiBase: peer.url, requestTimeoutMs: 10_000 };
    server.app = await buildApp({ ...server.config, telegram }, { db: server.db, now: server.clock.now, logger: false });
    await alertSender(server.app.vigil)?.idle();
    expect(peer.messagesTo('31')).toHaveLength(1);
    expect(await outboxStates(server)).toEqual(['sent']);
  });

  it('loses nothing when the server is killed mid-send; only the message in flight may arrive twice', async () => {
    const server = await createTestServer();
    const dataDir = server.dir;
    await saveChat(server, '610');
    await saveChat(server, '620');
    await queueTexts(server, '610', ['a1', 'a2', 'a3']);
    await queueTexts(server, '620', ['b1', 'b2']);
    await server.app.close();
    await server.db.destroy();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    cleanups.push(() => server.database.drop());
    const db = server.database.open();
    cleanups.push(() => db.destroy());

    const peer = await startPeer();
    // The Bot API takes a1 but the answer never comes back before the kill.
    peer.addFault({ kind: 'accept_then_hang', chatId: '610', times: 1 });
    const first = startServerProcess(server, peer.url);
    await waitFor('a1 and b1 at the Bot API', () => peer.messagesTo('610').length === 1 && peer.messagesTo('620').length >= 1, START_TIMEOUT_MS);
    await kill(first, 'SIGKILL');
    const rows = await db.selectFrom('alert_outbox').select(['text', 'state']).execute();
    const inFlightAtKill = new Set(rows.filter((row) => row.state !== 'sent' && peer.messages.some((message) => message.text === row.text)).map((row) => row.text));
    expect(inFlightAtKill.has('a1')).toBe(true);

    const second = startServerProcess(server, peer.url);
    await waitFor('every message sent', async () => (await db.selectFrom('alert_outbox').select('state').execute()).every((row) => row.state === 'sent'), START_TIMEOUT_MS + CLAIM_LEASE_WAIT_MS);
    await kill(second, 'SIGTERM');

    for (const [chatId, texts] of [['610', ['a1', 'a2', 'a3']], ['620', ['b1', 'b2']]] as const) {
      const received = peer.messagesTo(chatId).map((message) => message.text);
      expect(received.filter((text, index) => received[index - 1] !== text)).toEqual(texts);
    }
    const counts = new Map<string, number>();
    for (const message of peer.messages) counts.set(message.text, (counts.get(message.text) ?? 0) + 1);
    const repeated = [...counts].filter(([, count]) => count > 1).map(([text]) => text);
    expect(repeated).toContain('a1');
    for (const text of repeated) expect(inFlightAtKill.has(text)).toBe(true);
  }, 4 * START_TIMEOUT_MS + CLAIM_LEASE_WAIT_MS);
});

function startServerProcess(server: TestServer, apiBase: string): ChildProcess {
  const env = testEnv(server.dir, {
    ...server.database.env,
    VIGIL_PORT: '0',
    VIGIL_HOST: '127.0.0.1',
    VIGIL_LOG_LEVEL: 'warn',
    VIGIL_TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    VIGIL_TELEGRAM_API_BASE: apiBase,
    VIGIL_TELEGRAM_TIMEOUT_MS: '60000',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}
