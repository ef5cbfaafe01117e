import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { TELEGRAM_MESSAGE_MAX, renderPlainText, renderTelegramHtml } from '../../../src/server/modules/alert-text/index.js';
import { composeAlertLines } from '../../../src/shared/alerts/compose.js';
import { LANGUAGES } from '../../../src/shared/constants.js';
import { AVAILABILITY_RULE, breachEvent, CASES, TASK } from '../../shared/alerts/message-inputs.js';
import { EXPECTED_TEXTS } from '../../shared/alerts/message-texts.js';
import { everyNode, type TestNode } from '../../shared/alerts/nodes.js';

const KEY_LIKE = /\b(headline|task|figure|when|verdict|mismatch|nodes|node|where|region|recover|ssl|test|duration|cut|delivery|codes|places|alertmsg)[.:][a-zA-Z]/;
/** Characters written differently in Simplified Chinese than in Traditional. */
const SIMPLIFIED_ONLY = /[这们个过务节点时间网络复证书运营数据发则应测检访问]/;

/** The text without its entities and the headline's tags: what must then hold no & < >. */
function withoutMarkup(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, '').replace(/<\/?b>/g, '');
}

function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z]+)[^>]*>/g)].map((match) => match[1] ?? '');
}

describe('alert messages in every language', () => {
  for (const [name, input] of Object.entries(CASES)) {
    const lines = composeAlertLines(input);
    for (const language of LANGUAGES) {
      it(`${name} (${language}): every line has its text, no key or placeholder shows`, () => {
        const html = renderTelegramHtml(lines, language);
        const plain = renderPlainText(lines, language);
        for (const text of [html, plain]) {
          expect(text.split('\n'), text).toHaveLength(lines.length);
          expect(text).not.toMatch(/\{\{|\}\}|\$t\(/);
          expect(text, text).not.toMatch(KEY_LIKE);
          expect(text).not.toMatch(/undefined|NaN|null/);
        }
        expect(tagsOf(html)).toEqual(['b', 'b']);
        expect(html.startsWith('<b>')).toBe(true);
        if (language === 'zh-tw') expect(plain, plain).not.toMatch(SIMPLIFIED_ONLY);
      });
    }
  }

  it('names ISPs, provinces, regions and countries in the language', () => {
    const carrier = composeAlertLines(CASES['fire, availability, carrier'] as never);
    expect(renderPlainText(carrier, 'zh-tw')).toContain('電信在北京、廣東、廣西、河北、湖北、江蘇、上海和四川失敗');
    expect(renderPlainText(carrier, 'zh-cn')).toContain('电信在北京、广东、广西、河北、湖北、江苏、上海和四川失败');
    expect(renderPlainText(carrier, 'en')).toContain('one carrier, Telecom, failing in Beijing, Guangdong, Guangxi, Hebei, Hubei, Jiangsu, Shanghai, and Sichuan');
    expect(renderPlainText(carrier, 'zh-tw')).toContain('• 廣州 電信（電信，廣東）');
    expect(renderPlainText(carrier, 'zh-cn')).toContain('• 广州 电信（电信，广东）');
    expect(renderPlainText(carrier, 'en')).toContain('• Guangzhou Telecom (Telecom, Guangdong)');

    const country = composeAlertLines(CASES['fire, availability, country'] as never);
    expect(renderPlainText(country, 'zh-tw')).toContain('範圍：單一國家或地區（日本）');
    expect(renderPlainText(country, 'zh-tw')).toContain('• 東京（日本）');
    expect(renderPlainText(country, 'en')).toContain('• Tokyo (Japan)');
    expect(renderPlainText(composeAlertLines(CASES['fire, availability, region'] as never), 'zh-cn')).toContain('单一地区（华南）');
  });

  it('names the Local node and nodes of no carrier by their place alone', () => {
    const among: TestNode[] = [
      { nodeId: 1, name: 'Local', isp: 0, province: null, region: null, country: 'TW' },
      { nodeId: 2, name: 'Hangzhou', isp: 0, province: 'Zhejiang', region: 'EC', country: 'CN' },
      { nodeId: 3, name: 'My own node', isp: 2, province: 'Hebei', region: 'NC', country: 'CN' },
      { nodeId: 4, name: 'Tokyo', isp: 8, province: null, region: null, country: 'JP' },
    ];
    const lines = composeAlertLines(breachEvent(among, (node) => node.nodeId !== 4));
    const nodeLines = (language: (typeof LANGUAGES)[number]) => renderPlainText(lines, language).split('\n').filter((line) => line.startsWith('•'));
    expect(nodeLines('zh-tw')).toEqual(['• 本機（伺服器所在的機器）', '• 杭州（浙江）', '• My own node（聯通，河北）']);
    expect(nodeLines('zh-cn')).toEqual(['• 本机（服务器所在的机器）', '• 杭州（浙江）', '• My own node（联通，河北）']);
    expect(nodeLines('en')).toEqual(["• Local (on the server's machine)", '• Hangzhou (Zhejiang)', '• My own node (Unicom, Hebei)']);
  });

  it('tells a possible DNS hijack from changed addresses, with the resolved addresses', () => {
    const hijack = renderPlainText(composeAlertLines(CASES['fire, IP not matched, possible hijack'] as never), 'en');
    expect(hijack).toContain('Possible DNS hijack');
    expect(hijack).toContain('• Guangzhou Unicom (Unicom, Guangdong): 198.51.100.66');
    const changed = renderPlainText(composeAlertLines(CASES['fire, IP not matched, addresses changed'] as never), 'zh-tw');
    expect(changed).toContain('網站位址似乎已變更');
    expect(changed).toContain('…… 另有 25 個節點');
  });

  it('prints times in the configured zone with its offset, and durations in words', () => {
    const recover = composeAlertLines(CASES.recover as never);
    expect(renderPlainText(recover, 'en')).toContain('Back to normal at 2026-11-26 14:35 (UTC+8), after 1 h 35 min; it started at 2026-11-26 13:00 (UTC+8).');
    expect(renderPlainText(recover, 'zh-tw', { timeZone: 'Asia/Kolkata' })).toContain('於 2026-11-26 12:05 (UTC+5:30) 恢復正常，共持續 1 小時 35 分鐘');
    expect(renderPlainText(recover, 'zh-cn', { timeZone: 'UTC' })).toContain('于 2026-11-26 06:35 (UTC) 恢复正常');
    expect(renderPlainText(composeAlertLines(CASES['recover, latency'] as never), 'en')).toContain('after 2 d 3 h');
    expect(renderPlainText(composeAlertLines(CASES['ssl mark'] as never), 'en')).toContain('The certificate expires on 2026-12-02: 6 days left.');
    expect(loadConfig({}).alertTimeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ VIGIL_ALERT_TIME_ZONE: 'Europe/Berlin' }).alertTimeZone).toBe('Europe/Berlin');
    expect(() => loadConfig({ VIGIL_ALERT_TIME_ZONE: 'Mars/Olympus' })).toThrow(/VIGIL_ALERT_TIME_ZONE/);
  });

  it('uses the plural forms of English and one form in Chinese', () => {
    const lone = [{ nodeId: 1, name: 'A', isp: 1, province: 'Hebei', region: 'NC', country: 'CN' }] as const;
    const one = renderPlainText(composeAlertLines(breachEvent(lone, everyNode, { rule: { ...AVAILABILITY_RULE, sensitivity: 1 } })), 'en');
    expect(one).toContain('80%, 1 round)');
    expect(one).toContain('Failing node (1):');
  });
});

describe('hostile names', () => {
  const hostile = `<script>&"x'</script> {{domain}} $t(alertmsg:test.hint) &amp;`;
  const lines = composeAlertLines(
    breachEvent([{ nodeId: 1, name: hostile, isp: 1, province: 'A<b>', region: null, country: 'CN' }, { nodeId: 2, name: 'ok', isp: 2, province: 'Hebei', region: 'NC', country: 'CN' }], (node) => node.nodeId === 1, {
      rule: { ...AVAILABILITY_RULE, name: hostile },
      task: { ...TASK, name: hostile, domain: '<i>x</i>' },
    }),
  );

  it('arrive literally in Telegram HTML: every value escaped, only the headline tag', () => {
    for (const language of LANGUAGES) {
      const html = renderTelegramHtml(lines, language);
      expect(tagsOf(html)).toEqual(['b', 'b']);
      expect(html).toContain('&lt;script&gt;&amp;&quot;x&#39;&lt;/script&gt; {{domain}} $t(alertmsg:test.hint) &amp;amp;');
      expect(html).toContain('&lt;i&gt;x&lt;/i&gt;');
      expect(html).toContain('A&lt;b&gt;');
      expect(withoutMarkup(html)).not.toMatch(/[&<>]/);
    }
  });

  it('arrive literally in plain text', () => {
    const plain = renderPlainText(lines, 'en');
    expect(plain).toContain(`Task: ${hostile} (<i>x</i>)`);
    expect(plain).toContain(`• ${hostile} (Telecom, A<b>)`);
  });
});

describe('the length limit', () => {
  const longName = '&'.repeat(1000);
  const many: TestNode[] = Array.from({ length: 60 }, (_, index) => ({ nodeId: index + 1, name: `${index}${longName}`, isp: 1, province: 'Hebei', region: 'NC', country: 'CN' }));
  const lines = composeAlertLines(breachEvent(many, everyNode, { task: { ...TASK, name: longName } }));

  it(`keeps a message within ${TELEGRAM_MESSAGE_MAX} characters by leaving out whole lines at the end, and says so`, () => {
    for (const language of LANGUAGES) {
      const html = renderTelegramHtml(lines, language);
      expect(html.length).toBeLessThanOrEqual(TELEGRAM_MESSAGE_MAX);
      expect(tagsOf(html)).toEqual(['b', 'b']);
      expect(withoutMarkup(html)).not.toMatch(/[&<>]/);
      const last = html.split('\n').at(-1) ?? '';
      expect(last, language).toMatch(language === 'en' ? /^… \d+ more lines not shown/ : /^…… 另有 \d+ 行/);
      expect(html.split('\n')[5], language).toMatch(/^(Failing nodes \(60\):|失敗的節點（60 個）：|失败的节点（60 个）：)$/);
    }
  });

  it('cuts a very long value with an ellipsis, never inside an entity', () => {
    const html = renderTelegramHtml(lines, 'en');
    const taskLine = html.split('\n')[1] ?? '';
    expect(taskLine).toMatch(/^Task: (&amp;)+… \(shop\.example\.com\)$/);
  });

  it('leaves a message that fits as it is', () => {
    const short = composeAlertLines(CASES.test as never);
    expect(renderTelegramHtml(short, 'en', { maxLength: 4096 }).split('\n')).toHaveLength(short.length);
  });
});

describe('whole messages', () => {
  it('read exactly as the console reads them (tests/client/alert-line-text.test.ts checks the same texts)', () => {
    for (const { name, language, lines } of EXPECTED_TEXTS) {
      expect(renderPlainText(composeAlertLines(CASES[name] as never), language).split('\n'), `${name} ${language}`).toEqual(lines);
    }
  });
});
