import type { MessageLine } from '../calls/alert-settings.js';
import type { MonitorType } from '../codes.js';
import { line, percentOf, taskLine } from './compose-lines.js';
import { composeRoundLines } from './compose-round.js';
import type { MismatchFinding, NodeResolution } from './dns-mismatch.js';
import { ALERT_MODES, type AlertCondition, type AlertMode } from './rule-fields.js';
import type { NodeRoundOutcome, Verdict } from './verdict.js';

/**
 * What an alert message says, as lines `{key, params}` of the `alertmsg` namespace with
 * language-free values (ISP codes, English province names, country codes, epoch ms): the alert log
 * keeps the lines, and each chat, inbox item and console reader gets them in its own language
 * (server: src/server/modules/alert-text; console: `alertLineText`). The first line is the
 * headline. Lists of nodes come last and are capped (`NODE_LIST_MAX`, then "and N more"), so a
 * renderer that must shorten a message drops list lines first.
 */

export interface RuleSummary {
  name: string;
  mode: AlertMode;
  condition: AlertCondition;
  /** Availability: a ratio 0.1-0.9; latency: milliseconds; null for SSL and IP modes. */
  threshold: number | null;
  sensitivity: number;
  cooldownMinutes: number;
}

export interface TaskSummary {
  name: string;
  domain: string;
  monitorType: MonitorType;
}

/**
 * The round's figure over all its nodes: availability as a ratio 0-1 (the unit of the rule's
 * threshold), mean latency of the successful checks in ms (null: none succeeded).
 */
export interface RoundFigure {
  availability: number | null;
  latencyMs: number | null;
}

export interface RoundEvent {
  event: 'fire' | 'repeat';
  rule: RuleSummary;
  task: TaskSummary;
  /** When the incident started (its first breaching round's start), epoch ms. */
  startedAt: number;
  /** The round that fired or repeated, epoch ms [from, to). */
  round: { from: number; to: number };
  figure: RoundFigure;
  outcomes: NodeRoundOutcome[];
  /** Each node's own figure in the rule's mode (availability ratio or latency ms), by node id; when given, the node list shows it. */
  nodeFigures?: ReadonlyMap<number, number | null>;
  verdict: Verdict;
  /** IP-not-matched rules: the finding and each node's answer; `matchedIps`, when given, is printed. */
  mismatch?: { finding: MismatchFinding; resolutions: NodeResolution[]; matchedIps?: string[] };
}

export interface RecoverEvent {
  event: 'recover';
  rule: RuleSummary;
  task: TaskSummary;
  startedAt: number;
  endedAt: number;
  /** The figure of the round that no longer breached. */
  figure: RoundFigure;
}

export interface SslMarkEvent {
  event: 'ssl_mark';
  rule: RuleSummary;
  task: TaskSummary;
  /** The day mark crossed (one of the rule's marks). */
  mark: number;
  /** Whole days left (0: expires today; negative: expired). */
  daysLeft: number;
  expiresAt: number;
  subject: string | null;
}

export interface SslRenewedEvent {
  event: 'ssl_renewed';
  rule: RuleSummary;
  task: TaskSummary;
  expiresAt: number;
  previousExpiresAt: number | null;
}

export interface TestEvent {
  event: 'test';
  sentAt: number;
}

export type AlertMessageInput = RoundEvent | RecoverEvent | SslMarkEvent | SslRenewedEvent | TestEvent;

function recoverFigureLine(rule: RuleSummary, figure: RoundFigure): MessageLine[] {
  if (rule.mode === ALERT_MODES.AVAILABILITY && figure.availability !== null) {
    return [line('recover.availability', { value: percentOf(figure.availability) })];
  }
  if (rule.mode === ALERT_MODES.LATENCY && figure.latencyMs !== null) {
    return [line('recover.latency', { value: Math.round(figure.latencyMs) })];
  }
  return [];
}

function recoverLines(input: RecoverEvent): MessageLine[] {
  const { startedAt, endedAt } = input;
  return [
    line('headline.recover', { rule: input.rule.name, task: input.task.name }),
    taskLine(input.task),
    line('recover.when', { startedAt, endedAt, duration: Math.max(0, endedAt - startedAt) }),
    ...recoverFigureLine(input.rule, input.figure),
  ];
}

function expiryLine({ daysLeft, expiresAt }: SslMarkEvent): MessageLine {
  if (daysLeft > 0) return line('ssl.daysLeft', { count: daysLeft, expiresAt });
  if (daysLeft === 0) return line('ssl.expiresToday', { expiresAt });
  return line('ssl.expired', { count: -daysLeft, expiresAt });
}

function sslMarkLines(input: SslMarkEvent): MessageLine[] {
  return [
    line('headline.sslMark', { rule: input.rule.name, task: input.task.name }),
    taskLine(input.task),
    expiryLine(input),
    line('ssl.mark', { count: input.mark }),
    ...(input.subject === null ? [] : [line('ssl.subject', { subject: input.subject })]),
  ];
}

function sslRenewedLines(input: SslRenewedEvent): MessageLine[] {
  const { previousExpiresAt } = input;
  return [
    line('headline.sslRenewed', { rule: input.rule.name, task: input.task.name }),
    taskLine(input.task),
    line('ssl.renewed', { expiresAt: input.expiresAt }),
    ...(previousExpiresAt === null ? [] : [line('ssl.previous', { previousExpiresAt })]),
  ];
}

/** The message's lines for an event. */
export function composeAlertLines(input: AlertMessageInput): MessageLine[] {
  switch (input.event) {
    case 'fire':
    case 'repeat':
      return composeRoundLines(input);
    case 'recover':
      return recoverLines(input);
    case 'ssl_mark':
      return sslMarkLines(input);
    case 'ssl_renewed':
      return sslRenewedLines(input);
    case 'test':
      return [line('headline.test'), line('test.body', { sentAt: input.sentAt }), line('test.hint')];
  }
}
