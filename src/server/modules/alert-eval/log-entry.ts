import { composeAlertLines } from '../../../shared/alerts/compose.js';
import type { AlertLogEvent } from '../../../shared/calls/alert-settings.js';
import type { AlertLogEntry, AlertLogNode } from '../alert-delivery/log-writer.js';
import type { AlertFacts } from './judge.js';
import { messageInputOf } from './message-input.js';

/** What a judged round writes to the alert log: the message lines, the nodes involved and the verdict's kind. */

/** The nodes a message names: those breaching (IP rules: whose answers left the matched set). */
export function nodesOf(facts: AlertFacts): AlertLogNode[] {
  const named = facts.event === 'recover' || facts.event === 'ssl_renewed' ? [] : facts.outcomes.filter((outcome) => outcome.state === 'breach');
  return named.map((outcome) => ({ nodeId: outcome.nodeId, name: outcome.name, isp: outcome.isp, province: outcome.province, country: outcome.country }));
}

function verdictOf(facts: AlertFacts): string | null {
  if (facts.mismatch && facts.mismatch.finding.verdict !== 'none') return facts.mismatch.finding.verdict;
  const kind = facts.verdict?.kind;
  return kind === undefined || kind === 'none' || kind === 'no_data' ? null : kind;
}

export function logEntryOf(facts: AlertFacts, incidentId: number | null): AlertLogEntry {
  return {
    custId: facts.task.custId,
    ruleId: facts.rule.id,
    ruleName: facts.rule.name,
    taskId: facts.task.id,
    taskName: facts.task.name,
    incidentId,
    event: facts.event satisfies AlertLogEvent,
    lines: composeAlertLines(messageInputOf(facts)),
    nodes: nodesOf(facts),
    verdict: verdictOf(facts),
  };
}
