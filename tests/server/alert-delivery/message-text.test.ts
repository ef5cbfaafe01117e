import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageLine } from '../../../src/shared/calls/alert-settings.js';
import { writeAlertLog } from '../../../src/server/modules/alert-delivery/log-writer.js';
import { renderTelegramHtml } from '../../../src/server/modules/alert-text/render.js';
import { createDeliveryHarness, drive, outboxStates, saveChat, type DeliveryHarness } from './delivery-helpers.js';

let harness: DeliveryHarness;
beforeEach(async () => {
  harness = await createDeliveryHarness();
});
afterEach(async () => {
  await harness.close();
});

describe('an alert message on its way to the Bot API', () => {
  it("arrives escaped and intact, in each chat's language", async () => {
    const { server, peer } = harness;
    await server.db.insertInto('alert_settings').values({ cust_id: server.custId, language: 'zh-tw', updated_at: 0 }).execute();
    await saveChat(server, '-100900', { language: 'en' });
    await saveChat(server, '901');
    const lines: MessageLine[] = [
      { key: 'headline.fire', params: { rule: '<b>R&D</b> "quoted" \'single\'' } },
      { key: 'task', params: { task: 'shop <script>', domain: 'shop.example.com/?a=1&b=2' } },
    ];
    const entry = { custId: server.custId, ruleId: null, ruleName: null, taskId: null, taskName: null, incidentId: null, event: 'fire' as const, lines, nodes: [], verdict: null };
    await server.db.transaction().execute((trx) => writeAlertLog(trx, entry, server.clock.now()));
    server.app.vigil.alertDelivery?.wake();
    await drive(harness, async () => (await outboxStates(server)).every((state) => state === 'sent'));

    const [english] = peer.messagesTo('-100900');
    const [chinese] = peer.messagesTo('901');
    expect(english?.text).toBe(renderTelegramHtml(lines, 'en'));
    expect(chinese?.text).toBe(renderTelegramHtml(lines, 'zh-tw'));
    expect(english?.text).not.toBe(chinese?.text);
    for (const text of [english?.text ?? '', chinese?.text ?? '']) {
      expect(text).toContain('&lt;b&gt;R&amp;D&lt;/b&gt;');
      expect(text).toContain('shop &lt;script&gt;');
      expect(text).toContain('shop.example.com/?a=1&amp;b=2');
      expect(text).not.toContain('<script>');
    }
  });
});
