import { describe, expect, it } from 'vitest';
import { logListQuery, settingQuery } from '../../../src/client/features/alerts/api.js';
import { AlertLogPage } from '../../../src/client/features/alerts/components/log-page.js';
import { AlertSettingPage } from '../../../src/client/features/alerts/components/setting-page.js';
import { logListBodyOf, logViewOf } from '../../../src/client/features/alerts/list-views.js';
import type { AlertLogRow, AlertSettingAnswer, Language } from '../../../src/shared/index.js';
import { renderScreen, text } from './fixtures.js';

const SETTING: AlertSettingAnswer = {
  language: 'zh-tw',
  chats: [
    { chatId: '-100200', language: null, delivery: 'ok', deliveryChangedAt: null },
    { chatId: '4242', language: 'en', delivery: 'blocked', deliveryChangedAt: '2026-11-25T00:00:00.000Z' },
  ],
  chatIdMax: 10,
  botConfigured: false,
};

function settings(readOnly: boolean, language: Language = 'en', answer = SETTING) {
  return renderScreen(<AlertSettingPage readOnly={readOnly} />, {
    path: '/alert/setting',
    url: '/alert/setting',
    language,
    seed: (client) => client.setQueryData(settingQuery.queryKey, answer),
  });
}

describe('the alert settings', () => {
  it('shows the message language, each chat with its own language and delivery state', () => {
    const html = settings(false);
    expect(html).toMatch(/id="alert-language"[\s\S]*<option value="zh-tw" selected="">繁體中文<\/option>/);
    expect(html).toMatch(/value="4242"/);
    expect(text(html)).toContain('Chats (2 of at most 10)');
    expect(html).toMatch(/data-delivery="blocked"/);
  });

  it("explains a blocked chat: the bot was blocked or removed, unblock and save again", () => {
    const shown = text(settings(false));
    expect(shown).toContain('The bot was blocked or removed from this chat');
    expect(shown).toContain('then save the settings again');
    expect(text(settings(false, 'zh-cn'))).toContain('机器人已被屏蔽或移出此聊天');
  });

  it('offers a test message per saved chat and the way to find a chat id', () => {
    const html = settings(false);
    expect(html.match(/Send a test message to /g)).toHaveLength(2);
    expect(text(html)).toContain('Find my chat id');
  });

  it('warns when the server has no bot token, and not when it has one', () => {
    expect(text(settings(false))).toContain('no Telegram bot token yet');
    expect(text(settings(false, 'en', { ...SETTING, botConfigured: true }))).not.toContain('no Telegram bot token');
  });

  it('in administrator view: nothing to change, test or add', () => {
    const html = settings(true);
    expect(html).toMatch(/value="4242"[^>]*disabled=""|disabled=""[^>]*value="4242"/);
    expect(text(html)).not.toContain('Send a test message');
    expect(text(html)).not.toContain('Save settings');
    expect(text(html)).not.toContain('Add a chat');
  });
});

const ROW: AlertLogRow = {
  id: 7,
  createdAt: '2026-11-25T08:00:00.000Z',
  event: 'fire',
  ruleId: 2,
  ruleName: 'Shop down',
  taskId: 11,
  taskName: 'Shop',
  content: [
    { key: 'headline.fire', params: { rule: 'Shop down', task: 'Shop' } },
    { key: 'task', params: { task: 'Shop', domain: 'shop.example.com' } },
    { key: 'verdict.carrier', params: { isp: 1, provinces: 'Beijing|Guangdong' } },
  ],
  nodes: [
    { nodeId: 5, name: 'Beijing Telecom', isp: 1, province: 'Beijing', country: 'CN' },
    { nodeId: 6, name: 'Edge 3', isp: 2, province: 'Guangdong', country: 'CN' },
  ],
  verdict: 'carrier',
  deliveries: [
    { chatId: '-100200', language: 'zh-tw', state: 'sent', attempts: 1, sentAt: '2026-11-25T08:00:01.000Z', lastError: null },
    { chatId: '4242', language: 'en', state: 'pending', attempts: 3, sentAt: null, lastError: 'delivery.error.unavailable' },
  ],
};

function log(url: string, language: Language = 'en', rows = [ROW]) {
  return renderScreen(<AlertLogPage />, {
    path: '/alert/log',
    url,
    language,
    seed: (client) => client.setQueryData(logListQuery(logListBodyOf(logViewOf(new URLSearchParams(url.split('?')[1])))).queryKey, { list: rows, total: rows.length }),
  });
}

describe('the alert log', () => {
  it("renders the message line by line in the reader's language, with rule, task, verdict and nodes", () => {
    const html = log('/alert/log');
    const shown = text(html);
    expect(shown).toContain('🔴 Alert: Shop down');
    expect(shown).toContain('Task: Shop (shop.example.com)');
    expect(shown).toContain('Where: one carrier, Telecom, failing in Beijing and Guangdong while other carriers there succeed.');
    expect(html).toContain('href="/alert/edit/2"');
    expect(html).toMatch(/href="\/monitor\/\d\/detail\/11"/);
    expect(shown).toContain('Verdict: one carrier');
    expect(shown).toContain('Beijing Telecom Edge 3 · Unicom · Guangdong');
    expect(text(log('/alert/log', 'zh-tw'))).toContain('任務：Shop（shop.example.com）');
    expect(text(log('/alert/log', 'zh-cn'))).toContain('告警：Shop 触发“Shop down”');
  });

  it("shows each chat's delivery: sent, or waiting with its tries and why the last failed", () => {
    const html = log('/alert/log');
    expect(html).toMatch(/data-delivery="sent"/);
    expect(html).toMatch(/data-delivery="pending"/);
    expect(text(html)).toContain('3 tries');
    expect(text(html)).toContain("Telegram's server answered with an error; it will be tried again.");
  });

  it('names the filters a task link brought, removably', () => {
    const shown = text(log('/alert/log?taskId=11'));
    expect(shown).toContain('Task: Shop');
    expect(log('/alert/log?taskId=11')).toContain('aria-label="Remove the filter Task: Shop"');
  });

  it('says when nothing matches the filters', () => {
    expect(text(log('/alert/log?event=recover', 'en', []))).toContain('No entry matches these filters.');
    expect(text(log('/alert/log', 'en', []))).toContain('Nothing happened yet');
  });
});
