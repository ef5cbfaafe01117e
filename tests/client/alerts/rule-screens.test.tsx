import { describe, expect, it } from 'vitest';
import { ruleListQuery, ruleQuery, ruleTasksQuery } from '../../../src/client/features/alerts/api.js';
import { AlertCreatePage, AlertEditPage } from '../../../src/client/features/alerts/components/rule-form-page.js';
import { AlertListPage } from '../../../src/client/features/alerts/components/rule-list-page.js';
import { ruleListBodyOf, ruleViewOf } from '../../../src/client/features/alerts/list-views.js';
import type { AlertRuleTaskRow } from '../../../src/shared/index.js';
import { renderScreen, rule, text } from './fixtures.js';

const RULES = [
  rule(),
  rule({ id: 2, name: 'Slow shop', mode: 1, condition: 'gt', threshold: 1500, sensitivity: 5, cooldownMinutes: 0, firing: true, taskCount: 1 }),
  rule({ id: 3, name: 'Wrong IP', mode: 4, condition: 'eq', threshold: null, sensitivity: 1, enable: 2, taskCount: 0 }),
];

function list(readOnly: boolean, language: 'en' | 'zh-tw' | 'zh-cn' = 'en', rules = RULES, url = '/alert/3') {
  return renderScreen(<AlertListPage readOnly={readOnly} />, {
    path: '/alert/:type',
    url,
    language,
    seed: (client) => client.setQueryData(ruleListQuery(ruleListBodyOf(3, ruleViewOf(new URLSearchParams(url.split('?')[1])))).queryKey, { list: rules, total: rules.length }),
  });
}

describe('the rule list', () => {
  it('has a tab per type alerts exist for, not traceroute', () => {
    const html = list(false);
    for (const type of [1, 2, 3, 4, 5, 7]) expect(html).toContain(`href="/alert/${type}"`);
    expect(html).not.toContain('href="/alert/6"');
  });

  it('says each rule in words: mode, condition with its unit, sensitivity, cooldown, monitored domains, firing', () => {
    const shown = text(list(false));
    expect(shown).toContain('Availability below 80 %');
    expect(shown).toContain('Latency above 1,500 ms');
    expect(shown).toContain('Resolved IPs outside the matched set');
    expect(shown).toContain('3 rounds in a row');
    expect(shown).toContain('None (no repeats)');
    expect(shown).toContain('Firing');
    expect(list(false)).toMatch(/data-rule-id="2"[\s\S]*data-firing="true"/);
  });

  it('links each rule to its edit screen and to its log', () => {
    const html = list(false);
    expect(html).toContain('href="/alert/edit/2"');
    expect(html).toContain('href="/alert/log?ruleId=2"');
  });

  it('offers choosing, switches and create only to those who may change rules', () => {
    const full = list(false);
    expect(full).toContain('type="checkbox"');
    expect(full).toContain('role="switch"');
    expect(full).toContain('href="/alert/create/3"');
    const readOnly = list(true);
    expect(readOnly).not.toContain('type="checkbox"');
    expect(readOnly).not.toContain('role="switch"');
    expect(readOnly).not.toContain('/alert/create/');
    expect(text(readOnly)).toContain('changes are not available to you here');
  });

  it('tells an empty list from an empty search', () => {
    expect(text(list(false, 'en', []))).toContain('No HTTP alert rules yet');
    expect(text(list(false, 'en', [], '/alert/3?q=zzz'))).toContain('No rule name contains “zzz”');
  });

  it('reads in both Chinese scripts', () => {
    expect(text(list(false, 'zh-tw'))).toContain('可用率低於 80 %');
    expect(text(list(false, 'zh-cn'))).toContain('可用率低于 80 %');
  });
});

describe('the rule form', () => {
  const create = (type: number, language: 'en' | 'zh-tw' = 'en') => renderScreen(<AlertCreatePage readOnly={false} />, { path: '/alert/create/:createType', url: `/alert/create/${type}`, language });

  it('offers the modes of the type: an SSL task is watched by availability or expiry days', () => {
    const html = create(7);
    expect(html).toMatch(/<option value="2"[^>]*>Availability<\/option>/);
    expect(html).toMatch(/<option value="3"[^>]*>SSL expiry days<\/option>/);
    expect(html).not.toMatch(/<option value="1"[^>]*>Latency</);
    expect(text(create(3))).toContain('IP not matched');
  });

  it('a new availability rule asks for its threshold in percent, sensitivity 1-10, and the cooldowns of §5', () => {
    const shown = text(create(7));
    expect(shown).toContain('In percent, 10 to 90.');
    expect(shown).toContain('Consecutive breaching rounds before it fires: 1 to 10.');
    for (const cooldown of ['None (no repeats)', '5 min', '10 min', '30 min']) expect(shown).toContain(cooldown);
    expect(shown).toContain('After the rule is created you add the tasks it watches.');
  });

  it('reads in Traditional Chinese', () => {
    expect(text(create(7, 'zh-tw'))).toContain('單位為百分比，10 到 90。');
  });
});

const SHOP: AlertRuleTaskRow = { taskId: 11, name: 'Shop', domain: 'shop.example.com', monitorType: 3, inRule: true, refusal: null, firing: true };
const TASKS: AlertRuleTaskRow[] = [SHOP];

const CANDIDATES: AlertRuleTaskRow[] = [
  { ...SHOP, firing: false },
  { taskId: 12, name: 'Blog', domain: 'blog.example.com', monitorType: 3, inRule: false, refusal: 2605, firing: false },
  { taskId: 13, name: 'Api', domain: 'api.example.com', monitorType: 3, inRule: false, refusal: null, firing: false },
];

function edit(readOnly: boolean, sslRule = false) {
  const shown = sslRule ? rule({ mode: 3, sslDays: [7, 30], threshold: null, monitorType: 7, condition: 'lte' }) : rule();
  return renderScreen(<AlertEditPage readOnly={readOnly} />, {
    path: '/alert/edit/:id',
    url: '/alert/edit/1',
    seed: (client) => {
      client.setQueryData(ruleQuery(1).queryKey, shown);
      client.setQueryData(ruleTasksQuery({ ruleId: 1, page: 1, pageSize: 10 }).queryKey, { list: TASKS, total: 1 });
      client.setQueryData(ruleTasksQuery({ ruleId: 1, search: true, page: 1, pageSize: 10 }).queryKey, { list: CANDIDATES, total: 3 });
    },
  });
}

describe('the edit screen', () => {
  it('shows the stored values (availability back in percent) and the query list with its tasks', () => {
    const html = edit(false);
    expect(html).toMatch(/id="alert-threshold"[^>]*value="80"/);
    expect(text(html)).toContain('Monitored domains (2)');
    expect(html).toMatch(/data-task-id="11"[\s\S]*Remove/);
    expect(html).toContain('href="/alert/log?taskId=11"');
    expect(html).toContain('href="/alert/log?ruleId=1"');
    expect(html).toContain('id="alert-task-search"');
  });

  it("lists the protocol's tasks to add: one already watched, one the mode cannot watch (2605, said why), one to add", () => {
    const html = edit(false);
    const candidates = html.slice(html.indexOf('id="alert-task-search"'));
    expect(text(candidates)).toContain('Already watched');
    expect(text(candidates)).toContain('An IP-not-matched rule can only watch a task with matched IPs or a matched-IP group');
    expect(candidates).not.toContain('aria-label="Add Blog"');
    expect(candidates).toContain('aria-label="Add Api"');
  });

  it('shows SSL day marks as chips, the furthest first', () => {
    const html = edit(false, true);
    const shown = text(html);
    expect(shown.indexOf('30 d')).toBeLessThan(shown.indexOf('7 d'));
    expect(html).toContain('aria-label="Remove the mark at 7 days"');
  });

  it('in administrator view: fields disabled, no save, no adding or removing tasks', () => {
    const html = edit(true);
    expect(html).toMatch(/id="alert-name"[^>]*disabled=""/);
    expect(text(html)).not.toContain('Save');
    expect(html).not.toContain('id="alert-task-search"');
    expect(text(html)).not.toContain('Remove');
  });
});
