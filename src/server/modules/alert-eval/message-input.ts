import type { AlertMessageInput, RoundFigure, RuleSummary, TaskSummary } from '../../../shared/alerts/compose.js';
import { ALERT_MODES, type AlertMode } from '../../../shared/alerts/rule-fields.js';
import type { MonitorType } from '../../../shared/codes.js';
import type { AlertFacts } from './judge.js';

/** What the message composer needs of a judged round (src/shared/alerts/compose.ts). */

const ruleSummary = ({ rule }: AlertFacts): RuleSummary => ({
  name: rule.name,
  mode: rule.mode as AlertMode,
  condition: rule.condition,
  threshold: rule.threshold,
  sensitivity: rule.sensitivity,
  cooldownMinutes: rule.cooldownMinutes,
});

const taskSummary = ({ task }: AlertFacts): TaskSummary => ({ name: task.name, domain: task.domain, monitorType: task.type as MonitorType });

function figureOf({ rule, figure }: AlertFacts): RoundFigure {
  return {
    availability: rule.mode === ALERT_MODES.AVAILABILITY ? figure : null,
    latencyMs: rule.mode === ALERT_MODES.LATENCY ? figure : null,
  };
}

const expiryOf = (validTo: string): number => Date.parse(validTo);

function roundInput(facts: AlertFacts, event: 'fire' | 'repeat'): AlertMessageInput {
  const mismatch = facts.mismatch;
  return {
    event,
    rule: ruleSummary(facts),
    task: taskSummary(facts),
    startedAt: facts.startedAt ?? facts.round.start,
    round: { from: facts.round.start, to: facts.round.end },
    figure: figureOf(facts),
    outcomes: facts.outcomes,
    ...(facts.nodeFigures.size > 0 ? { nodeFigures: facts.nodeFigures } : {}),
    verdict: facts.verdict ?? { kind: 'no_data' },
    ...(mismatch ? { mismatch: { finding: mismatch.finding, resolutions: mismatch.resolutions, matchedIps: facts.task.matchedIps } } : {}),
  };
}

function sslInput(facts: AlertFacts, rule: RuleSummary, task: TaskSummary): AlertMessageInput {
  const ssl = facts.ssl ?? { validTo: '' };
  if (facts.event === 'ssl_renewed') {
    return { event: 'ssl_renewed', rule, task, expiresAt: expiryOf(ssl.validTo), previousExpiresAt: ssl.previousValidTo ? expiryOf(ssl.previousValidTo) : null };
  }
  return { event: 'ssl_mark', rule, task, mark: ssl.mark ?? 0, daysLeft: ssl.daysLeft ?? 0, expiresAt: expiryOf(ssl.validTo), subject: ssl.subject ?? null };
}

export function messageInputOf(facts: AlertFacts): AlertMessageInput {
  const rule = ruleSummary(facts);
  const task = taskSummary(facts);
  switch (facts.event) {
    case 'fire':
    case 'repeat':
      return roundInput(facts, facts.event);
    case 'recover': {
      const startedAt = facts.startedAt ?? facts.round.start;
      return { event: 'recover', rule, task, startedAt, endedAt: startedAt + (facts.durationMs ?? 0), figure: figureOf(facts) };
    }
    default:
      return sslInput(facts, rule, task);
  }
}
