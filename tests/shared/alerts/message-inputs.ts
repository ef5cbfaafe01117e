import type { AlertMessageInput, RoundEvent, RuleSummary, TaskSummary } from '../../../src/shared/alerts/compose.js';
import { classifyBreach, classifyMismatch, type NodeResolution } from '../../../src/shared/alerts/index.js';
import { ALERT_MODES } from '../../../src/shared/alerts/rule-fields.js';
import { ISP_CODES } from '../../../src/shared/codes.js';
import { ALL, CHINA, everyNode, inProvinces, named, ofIsp, round, type TestNode } from './nodes.js';

/** Alert message inputs for every event, mode and verdict kind, shared by the composer's and the renderer's tests. */

export const START = Date.UTC(2026, 10, 26, 5, 0); // 13:00 in Asia/Shanghai
const MINUTE = 60_000;
const DAY = 86_400_000;

export const TASK: TaskSummary = { name: 'Shop', domain: 'shop.example.com', monitorType: 4 };

export const AVAILABILITY_RULE: RuleSummary = { name: 'Shop up', mode: ALERT_MODES.AVAILABILITY, condition: 'lt', threshold: 0.8, sensitivity: 3, cooldownMinutes: 10 };
export const LATENCY_RULE: RuleSummary = { name: 'Shop fast', mode: ALERT_MODES.LATENCY, condition: 'gt', threshold: 500, sensitivity: 5, cooldownMinutes: 5 };
export const IP_RULE: RuleSummary = { name: 'Shop IPs', mode: ALERT_MODES.IP_NOT_MATCHED, condition: 'eq', threshold: null, sensitivity: 1, cooldownMinutes: 0 };
export const SSL_RULE: RuleSummary = { name: 'Shop certificate', mode: ALERT_MODES.SSL_EXPIRY_DAYS, condition: 'lte', threshold: null, sensitivity: 1, cooldownMinutes: 0 };

const ROUND = { from: START + 2 * MINUTE, to: START + 3 * MINUTE };

export function breachEvent(among: readonly TestNode[], breaching: Parameters<typeof round>[1], overrides: Partial<RoundEvent> = {}): RoundEvent {
  const outcomes = round(among, breaching);
  return {
    event: 'fire',
    rule: AVAILABILITY_RULE,
    task: TASK,
    startedAt: START,
    round: ROUND,
    figure: { availability: 0.4, latencyMs: 120 },
    outcomes,
    verdict: classifyBreach(outcomes),
    ...overrides,
  };
}

export const MATCHED_IPS = ['203.0.113.10'];

export function mismatchEvent(resolvedBy: (node: TestNode) => string[] | null): RoundEvent {
  const resolutions: NodeResolution[] = ALL.map((node) => ({ node, ips: resolvedBy(node) }));
  const finding = classifyMismatch(resolutions, MATCHED_IPS);
  return {
    event: 'fire',
    rule: IP_RULE,
    task: TASK,
    startedAt: START,
    round: ROUND,
    figure: { availability: null, latencyMs: null },
    outcomes: finding.outcomes,
    verdict: finding.where,
    mismatch: { finding, resolutions, matchedIps: MATCHED_IPS },
  };
}

const hijacked = ofIsp(ISP_CODES.UNICOM, 'Guangdong');

/** One input of each kind, named for test titles. */
export const CASES: Record<string, AlertMessageInput> = {
  'fire, availability, site': breachEvent(ALL, everyNode),
  'fire, availability, carrier': breachEvent(ALL, ofIsp(ISP_CODES.TELECOM)),
  'fire, availability, province': breachEvent(ALL, inProvinces('Guangdong')),
  'fire, availability, region': breachEvent(CHINA, inProvinces('Guangdong', 'Guangxi')),
  'fire, availability, country': breachEvent(ALL, named('Tokyo', 'Osaka')),
  'fire, availability, node': breachEvent(ALL, named('Beijing Telecom')),
  'fire, availability, scattered': breachEvent(ALL, named('Beijing Telecom', 'Tokyo', 'Chengdu Mobile')),
  'repeat, latency, node': breachEvent(ALL, named('Tokyo'), {
    event: 'repeat',
    rule: LATENCY_RULE,
    figure: { availability: 1, latencyMs: 812.4 },
    nodeFigures: new Map(ALL.map((node) => [node.nodeId, node.name === 'Tokyo' ? 1350.6 : 90])),
    round: { from: START + 65 * MINUTE, to: START + 66 * MINUTE },
  }),
  'fire, availability, with node figures': breachEvent(ALL, named('Beijing Telecom', 'Beijing Unicom'), {
    nodeFigures: new Map(ALL.map((node) => [node.nodeId, node.name.startsWith('Beijing') ? 0.25 : 1])),
  }),
  'fire, latency, no successful check': breachEvent(ALL, everyNode, {
    rule: LATENCY_RULE,
    figure: { availability: 0, latencyMs: null },
    nodeFigures: new Map(ALL.map((node) => [node.nodeId, null])),
  }),
  'fire, IP not matched, possible hijack': mismatchEvent((node) => (hijacked(node) ? ['198.51.100.66'] : MATCHED_IPS)),
  'fire, IP not matched, addresses changed': mismatchEvent(() => ['198.51.100.7', '198.51.100.8']),
  recover: { event: 'recover', rule: AVAILABILITY_RULE, task: TASK, startedAt: START, endedAt: START + 95 * MINUTE, figure: { availability: 1, latencyMs: 40 } },
  'recover, latency': { event: 'recover', rule: LATENCY_RULE, task: TASK, startedAt: START, endedAt: START + 2 * DAY + 3 * 60 * MINUTE, figure: { availability: 1, latencyMs: 88.8 } },
  'ssl mark': { event: 'ssl_mark', rule: SSL_RULE, task: TASK, mark: 7, daysLeft: 6, expiresAt: START + 6 * DAY, subject: 'CN=shop.example.com' },
  'ssl mark, today': { event: 'ssl_mark', rule: SSL_RULE, task: TASK, mark: 1, daysLeft: 0, expiresAt: START + 2 * 60 * MINUTE, subject: null },
  'ssl mark, expired': { event: 'ssl_mark', rule: SSL_RULE, task: TASK, mark: 1, daysLeft: -2, expiresAt: START - 2 * DAY, subject: null },
  'ssl renewed': { event: 'ssl_renewed', rule: SSL_RULE, task: TASK, expiresAt: START + 90 * DAY, previousExpiresAt: START + 6 * DAY },
  test: { event: 'test', sentAt: START },
};
