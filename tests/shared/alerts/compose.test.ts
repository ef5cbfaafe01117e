import { describe, expect, it } from 'vitest';
import { composeAlertLines, type AlertMessageInput } from '../../../src/shared/alerts/compose.js';
import { NODE_LIST_MAX } from '../../../src/shared/alerts/compose-round.js';
import type { MessageLine } from '../../../src/shared/calls/alert-settings.js';
import { ISP_CODES } from '../../../src/shared/codes.js';
import { breachEvent, CASES, LATENCY_RULE, MATCHED_IPS, START, TASK } from './message-inputs.js';
import { ALL, everyNode, named, type TestNode } from './nodes.js';

const keys = (lines: MessageLine[]) => lines.map((line) => line.key);
const lineOf = (lines: MessageLine[], key: string) => lines.find((line) => line.key === key);
const compose = (name: string) => composeAlertLines(CASES[name] as AlertMessageInput);

describe('composeAlertLines', () => {
  it('starts every message with its headline and names rule and task', () => {
    for (const [name, input] of Object.entries(CASES)) {
      const [headline] = composeAlertLines(input);
      expect(headline?.key, name).toMatch(/^headline\./);
      if (input.event !== 'test') {
        expect(headline?.params, name).toMatchObject({ rule: input.rule.name, task: TASK.name });
        expect(composeAlertLines(input)[1], name).toEqual({ key: 'task', params: { task: 'Shop', domain: 'shop.example.com' } });
      }
    }
  });

  it('says the availability figure against the threshold (a ratio) with the condition and the rounds', () => {
    const lines = compose('fire, availability, carrier');
    expect(lineOf(lines, 'figure.availability')?.params).toEqual({ value: 40, condition: '<', threshold: 80, count: 3 });
    expect(lineOf(lines, 'when.fire')?.params).toEqual({ startedAt: START, from: START + 120_000, to: START + 180_000 });
  });

  it('says the mean latency against the threshold in ms, and how long a repeat has lasted', () => {
    const lines = compose('repeat, latency, node');
    expect(lines[0]?.key).toBe('headline.repeat');
    expect(lineOf(lines, 'figure.latency')?.params).toEqual({ value: 812, condition: '>', threshold: 500, count: 5 });
    expect(lineOf(lines, 'when.repeat')?.params).toMatchObject({ startedAt: START, duration: 66 * 60_000 });
    expect(keys(compose('fire, latency, no successful check'))).toContain('figure.latencyNoSuccess');
  });

  it("shows each breaching node's own figure when the evaluation gives it", () => {
    const availability = compose('fire, availability, with node figures').filter((line) => line.key.startsWith('node.'));
    expect(availability.map((line) => [line.key, line.params.name, line.params.value])).toEqual([
      ['node.availability', 'Beijing Telecom', 25],
      ['node.availability', 'Beijing Unicom', 25],
    ]);
    expect(lineOf(compose('repeat, latency, node'), 'node.latency')?.params).toMatchObject({ name: 'Tokyo', value: 1351 });
    const noSuccess = compose('fire, latency, no successful check').filter((line) => line.key.startsWith('node.'));
    expect(new Set(noSuccess.map((line) => line.key))).toEqual(new Set(['node.noSuccess']));
  });

  it('rounds figures to two decimals', () => {
    const lines = composeAlertLines(breachEvent(ALL, everyNode, { figure: { availability: 0.6666666, latencyMs: null } }));
    expect(lineOf(lines, 'figure.availability')?.params.value).toBe(66.67);
  });

  it('puts each verdict kind in words with its place', () => {
    expect(lineOf(compose('fire, availability, site'), 'verdict.site')).toBeDefined();
    expect(lineOf(compose('fire, availability, carrier'), 'verdict.carrier')?.params).toEqual({
      isp: ISP_CODES.TELECOM,
      provinces: 'Beijing|Guangdong|Guangxi|Hebei|Hubei|Jiangsu|Shanghai|Sichuan',
    });
    expect(lineOf(compose('fire, availability, province'), 'verdict.province')?.params).toEqual({ province: 'Guangdong' });
    expect(lineOf(compose('fire, availability, region'), 'verdict.region')?.params).toEqual({ region: 'SC' });
    expect(lineOf(compose('fire, availability, country'), 'verdict.country')?.params).toEqual({ country: 'JP' });
    expect(lineOf(compose('fire, availability, node'), 'verdict.node')?.params).toEqual({ name: 'Beijing Telecom', isp: 1, province: 'Beijing', country: 'CN' });
    expect(lineOf(compose('fire, availability, scattered'), 'verdict.scattered')).toBeDefined();
  });

  it('lists the breaching nodes with ISP and province, or country abroad, and counts nodes without data', () => {
    const input = breachEvent(ALL, named('Beijing Telecom', 'Tokyo', 'Chengdu Mobile'));
    input.outcomes = input.outcomes.map((outcome) => (outcome.name === 'Osaka' ? { ...outcome, state: 'no_data' } : outcome));
    const lines = composeAlertLines(input);
    expect(lineOf(lines, 'nodes.failing')?.params).toEqual({ count: 3 });
    expect(lines.filter((line) => line.key === 'node.breach').map((line) => line.params)).toEqual([
      { name: 'Beijing Telecom', isp: 1, province: 'Beijing', country: 'CN' },
      { name: 'Chengdu Mobile', isp: 3, province: 'Sichuan', country: 'CN' },
      { name: 'Tokyo', isp: 8, province: '', country: 'JP' },
    ]);
    expect(lineOf(lines, 'nodes.noData')?.params).toEqual({ count: 1 });
  });

  it(`caps a long node list at ${NODE_LIST_MAX} and says how many more, as the message's last lines`, () => {
    const many: TestNode[] = Array.from({ length: 40 }, (_, index) => ({ nodeId: index + 1, name: `Node ${index}`, isp: 1, province: 'Hebei', region: 'NC', country: 'CN' }));
    const lines = composeAlertLines(breachEvent(many, everyNode));
    expect(lines.filter((line) => line.key === 'node.breach')).toHaveLength(NODE_LIST_MAX);
    expect(lines.at(-1)).toEqual({ key: 'nodes.more', params: { count: 30 } });
    expect(lineOf(lines, 'nodes.failing')?.params).toEqual({ count: 40 });
  });

  it('says a possible DNS hijack with where, the matching IPs and each node with the addresses it resolved', () => {
    const lines = compose('fire, IP not matched, possible hijack');
    expect(keys(lines).slice(2, 6)).toEqual(['figure.mismatch', 'when.fire', 'mismatch.possibleHijack', 'verdict.carrier']);
    expect(lineOf(lines, 'figure.mismatch')?.params).toEqual({ count: 2, total: ALL.length });
    expect(lineOf(lines, 'mismatch.expected')?.params).toEqual({ ips: MATCHED_IPS.join(', ') });
    expect(lines.filter((line) => line.key === 'node.ips').map((line) => line.params)).toEqual([
      { name: 'Guangzhou Unicom', isp: 2, province: 'Guangdong', country: 'CN', ips: '198.51.100.66' },
      { name: 'Shenzhen Unicom', isp: 2, province: 'Guangdong', country: 'CN', ips: '198.51.100.66' },
    ]);
  });

  it('says the site changed its addresses when every node resolves outside the set, not a hijack', () => {
    const lines = compose('fire, IP not matched, addresses changed');
    expect(keys(lines)).toContain('mismatch.addressesChanged');
    expect(keys(lines)).not.toContain('mismatch.possibleHijack');
    expect(keys(lines)).not.toContain('verdict.site');
    expect(lineOf(lines, 'nodes.mismatched')?.params).toEqual({ count: ALL.length });
    expect(lines.at(-1)).toEqual({ key: 'nodes.more', params: { count: ALL.length - NODE_LIST_MAX } });
    expect(lineOf(lines, 'node.ips')?.params.ips).toBe('198.51.100.7, 198.51.100.8');
  });

  it('says a recovery with the incident duration and the figure now', () => {
    expect(compose('recover')).toEqual([
      { key: 'headline.recover', params: { rule: 'Shop up', task: 'Shop' } },
      { key: 'task', params: { task: 'Shop', domain: 'shop.example.com' } },
      { key: 'recover.when', params: { startedAt: START, endedAt: START + 95 * 60_000, duration: 95 * 60_000 } },
      { key: 'recover.availability', params: { value: 100 } },
    ]);
    expect(lineOf(compose('recover, latency'), 'recover.latency')?.params).toEqual({ value: 89 });
    const noFigure = composeAlertLines({ event: 'recover', rule: LATENCY_RULE, task: TASK, startedAt: START, endedAt: START, figure: { availability: null, latencyMs: null } });
    expect(keys(noFigure)).toEqual(['headline.recover', 'task', 'recover.when']);
  });

  it('says an SSL mark with the days left and the expiry, also on the last day and after it', () => {
    expect(compose('ssl mark').slice(2)).toEqual([
      { key: 'ssl.daysLeft', params: { count: 6, expiresAt: START + 6 * 86_400_000 } },
      { key: 'ssl.mark', params: { count: 7 } },
      { key: 'ssl.subject', params: { subject: 'CN=shop.example.com' } },
    ]);
    expect(keys(compose('ssl mark, today'))).toEqual(['headline.sslMark', 'task', 'ssl.expiresToday', 'ssl.mark']);
    expect(lineOf(compose('ssl mark, expired'), 'ssl.expired')?.params.count).toBe(2);
  });

  it('says a renewal with the new and the previous expiry', () => {
    expect(compose('ssl renewed').slice(2)).toEqual([
      { key: 'ssl.renewed', params: { expiresAt: START + 90 * 86_400_000 } },
      { key: 'ssl.previous', params: { previousExpiresAt: START + 6 * 86_400_000 } },
    ]);
  });

  it('composes a test message with the time it was sent', () => {
    expect(compose('test')).toEqual([
      { key: 'headline.test', params: {} },
      { key: 'test.body', params: { sentAt: START } },
      { key: 'test.hint', params: {} },
    ]);
  });
});
