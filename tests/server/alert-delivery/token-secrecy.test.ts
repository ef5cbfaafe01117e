import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { alertSender } from '../../../src/server/modules/alert-delivery/sender.js';
import { BOT_TOKEN, createDeliveryHarness, queueTexts, saveChat, type DeliveryHarness } from './delivery-helpers.js';

let harness: DeliveryHarness;
afterEach(async () => {
  await harness.close();
});

describe('the bot token', () => {
  it('appears in no log line, answer or stored error while the Bot API fails in every way', async () => {
    harness = await createDeliveryHarness();
    const { server, peer } = harness;
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString('utf8'));
        done();
      },
    });
    await server.app.close();
    const telegram = { botToken: BOT_TOKEN, apiBase: peer.url, requestTimeoutMs: 300 };
    server.app = await buildApp({ ...server.config, telegram }, { db: server.db, now: server.clock.now, logger: { level: 'trace', stream } });
    const token = await server.login();
    await saveChat(server, '1');
    await saveChat(server, '2');
    peer.addFault({ kind: 'status', status: 502, chatId: '1' });
    peer.addFault({ kind: 'hang', chatId: '2' });
    await queueTexts(server, '1', ['x']);
    await queueTexts(server, '2', ['y']);
    server.app.vigil.alertDelivery?.wake();
    await alertSender(server.app.vigil)?.idle();
    const answers = [await server.call('/alert/setting/recent_chats', { token })];
    await peer.close();
    answers.push(await server.call('/alert/setting/recent_chats', { token }));
    await queueTexts(server, '1', ['z']);
    server.clock.advanceSeconds(3600);
    server.app.vigil.alertDelivery?.wake();
    await alertSender(server.app.vigil)?.idle();

    const secret = BOT_TOKEN.split(':')[1] ?? BOT_TOKEN;
    expect(logged.length).toBeGreaterThan(0);
    for (const text of [...logged, ...answers.map((answer) => answer.body)]) expect(text).not.toContain(secret);
    const stored = await server.db.selectFrom('alert_outbox').select(['last_error']).orderBy('id').execute();
    expect(stored.map((row) => row.last_error)).toEqual(['delivery.error.network', 'delivery.error.network', null]);
  });
});
