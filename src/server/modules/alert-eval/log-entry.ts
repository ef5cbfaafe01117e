import type { AlertLogEvent, MessageLine } from '../../../shared/calls/alert-settings.js';
import type { AlertLogEntry, AlertLogNode } from '../alert-delivery/log-writer.js';
import type { AlertFacts } from './judge.js';

/**
 * What a judged round writes to the alert log: the message lines, the nodes involved and the
 * verdict's kind.
 *
 * TEMPORARY lines until branch i11-messages is merged: then `linesOf` becomes
 * `composeAlertLines(facts as AlertMessageInput)` (src/shared/alerts/compose.ts) and the keys below go.
 */
function linesOf(facts: AlertFacts): MessageLine[] {
  const head: MessageLine = {
    key: `event.${facts.event}`,
    params: { rule: facts.rule.name, task: facts.task.name, domain: facts.task.domain, roundStart: facts.round.start },
  };
  const lines: MessageLine[] = [head];
  if (facts.figure !== null) lines.push({ key: `figure.mode${facts.rule.mode}`, params: { value: facts.figure, threshold: facts.rule.threshold ?? 0, condition: facts.rule.condition } });
  if (facts.durationMs !== null) lines.push({ key: 'duration', params: { durationMs: facts.durationMs } });
  if (facts.ssl) lines.push({ key: 'ssl', params: { validTo: facts.ssl.validTo, daysLeft: facts.ssl.daysLeft ?? '', mark: facts.ssl.mark ?? '' } });
  for (const node of nodesOf(facts)) lines.push({ key: 'node', params: { name: node.name, isp: node.isp, province: node.province ?? '', country: node.country, ips: ipsOf(facts, node.nodeId) } });
  return lines;
}

function ipsOf(facts: AlertFacts, nodeId: number): string {
  return facts.mismatch?.mismatched.find((entry) => entry.nodeId === nodeId)?.ips.join(', ') ?? '';
}

/** The nodes a message names: those breaching (IP rules: whose answers left the matched set). */
export function nodesOf(facts: AlertFacts): AlertLogNode[] {
  const named = facts.event === 'recover' || facts.event === 'ssl_renewed' ? [] : facts.outcomes.filter((outcome) => outcome.state === 'breach');
  return named.map((outcome) => ({ nodeId: outcome.nodeId, name: outcome.name, isp: outcome.isp, province: outcome.province, country: outcome.country }));
}

function verdictOf(facts: AlertFacts): string | null {
  if (facts.mismatch && facts.mismatch.verdict !== 'none') return facts.mismatch.verdict;
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
    lines: linesOf(facts),
    nodes: nodesOf(facts),
    verdict: verdictOf(facts),
  };
}
