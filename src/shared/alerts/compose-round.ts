import type { MessageLine } from '../calls/alert-settings.js';
import type { RoundEvent } from './compose.js';
import { line, percentOf, taskLine } from './compose-lines.js';
import { LIST_SEPARATOR } from './message-format.js';
import { ALERT_MODES, type AlertCondition } from './rule-fields.js';
import type { NodeRoundOutcome, RoundNode, Verdict } from './verdict.js';

/** Most nodes a message lists; the rest are counted ("and 12 more"). */
export const NODE_LIST_MAX = 10;
/** Most addresses shown per node (and of the matching IPs); more end in "…". */
export const IP_LIST_MAX = 6;

export const CONDITION_SYMBOLS: Readonly<Record<AlertCondition, string>> = { gt: '>', gte: '≥', eq: '=', lt: '<', lte: '≤' };

type NodeFacts = RoundNode;

/** A node's facts as line params: the formats `nodename` and `where` read them together. */
function nodeParams(node: NodeFacts): MessageLine['params'] {
  return { name: node.name, isp: node.isp, province: node.province ?? '', country: node.country };
}

function ipList(ips: readonly string[]): string {
  const shown = ips.slice(0, IP_LIST_MAX).join(', ');
  return ips.length > IP_LIST_MAX ? `${shown}, …` : shown;
}

function figureLine({ rule, figure, outcomes, mismatch }: RoundEvent): MessageLine[] {
  const condition = CONDITION_SYMBOLS[rule.condition];
  const count = rule.sensitivity;
  if (rule.mode === ALERT_MODES.IP_NOT_MATCHED && mismatch) {
    const total = mismatch.finding.outcomes.filter((outcome) => outcome.state !== 'no_data').length;
    return [line('figure.mismatch', { count: mismatch.finding.mismatched.length, total })];
  }
  if (outcomes.every((outcome) => outcome.state === 'no_data')) return [line('figure.noData')];
  if (rule.mode === ALERT_MODES.AVAILABILITY) {
    const threshold = percentOf(rule.threshold ?? 0);
    const value = figure.availability;
    return value === null ? [line('figure.noData')] : [line('figure.availability', { value: percentOf(value), condition, threshold, count })];
  }
  if (rule.mode === ALERT_MODES.LATENCY) {
    const threshold = rule.threshold ?? 0;
    const value = figure.latencyMs;
    if (value === null) return [line('figure.latencyNoSuccess', { condition, threshold, count })];
    return [line('figure.latency', { value: Math.round(value), condition, threshold, count })];
  }
  return [];
}

function whenLine({ event, startedAt, round }: RoundEvent): MessageLine {
  const { from, to } = round;
  if (event === 'fire') return line('when.fire', { startedAt, from, to });
  return line('when.repeat', { startedAt, duration: Math.max(0, to - startedAt), from, to });
}

/** The verdict in words; none for verdicts that name no breach. */
export function verdictLines(verdict: Verdict, outcomes: readonly NodeRoundOutcome[]): MessageLine[] {
  switch (verdict.kind) {
    case 'site':
      return [line('verdict.site')];
    case 'carrier':
      return [line('verdict.carrier', { isp: verdict.isp, provinces: verdict.provinces.join(LIST_SEPARATOR) })];
    case 'region':
      return [line(`verdict.${verdict.scope}`, { [verdict.scope]: verdict.value })];
    case 'node': {
      const node = outcomes.find((outcome) => outcome.nodeId === verdict.nodeId);
      return node ? [line('verdict.node', nodeParams(node))] : [];
    }
    case 'scattered':
      return [line('verdict.scattered')];
    case 'no_data':
    case 'none':
      return [];
  }
}

/** A capped list: its heading, at most NODE_LIST_MAX items, and how many more. */
function listLines(heading: string, items: MessageLine[]): MessageLine[] {
  if (items.length === 0) return [];
  const more = items.length - NODE_LIST_MAX;
  return [
    line(heading, { count: items.length }),
    ...items.slice(0, NODE_LIST_MAX),
    ...(more > 0 ? [line('nodes.more', { count: more })] : []),
  ];
}

function noDataLines(outcomes: readonly NodeRoundOutcome[]): MessageLine[] {
  const count = outcomes.filter((outcome) => outcome.state === 'no_data').length;
  return count > 0 ? [line('nodes.noData', { count })] : [];
}

/** A breaching node, with its own figure when the evaluation gave one. */
function breachingNodeLine({ rule, nodeFigures }: RoundEvent, node: NodeRoundOutcome): MessageLine {
  const params = nodeParams(node);
  if (!nodeFigures?.has(node.nodeId)) return line('node.breach', params);
  const value = nodeFigures.get(node.nodeId) ?? null;
  if (rule.mode === ALERT_MODES.AVAILABILITY && value !== null) return line('node.availability', { ...params, value: percentOf(value) });
  if (rule.mode !== ALERT_MODES.LATENCY) return line('node.breach', params);
  return value === null ? line('node.noSuccess', params) : line('node.latency', { ...params, value: Math.round(value) });
}

function breachLines(input: RoundEvent): MessageLine[] {
  const breaching = input.outcomes.filter((outcome) => outcome.state === 'breach');
  return [
    ...verdictLines(input.verdict, input.outcomes),
    ...noDataLines(input.outcomes),
    ...listLines('nodes.failing', breaching.map((node) => breachingNodeLine(input, node))),
  ];
}

function mismatchLines(input: RoundEvent, mismatch: NonNullable<RoundEvent['mismatch']>): MessageLine[] {
  const { finding, resolutions, matchedIps } = mismatch;
  const facts = new Map(resolutions.map((resolution) => [resolution.node.nodeId, resolution.node]));
  const items = finding.mismatched.flatMap(({ nodeId, ips }) => {
    const node = facts.get(nodeId) ?? finding.outcomes.find((outcome) => outcome.nodeId === nodeId);
    return node ? [line('node.ips', { ...nodeParams(node), ips: ipList(ips) })] : [];
  });
  const changed = finding.verdict === 'site';
  return [
    line(changed ? 'mismatch.addressesChanged' : 'mismatch.possibleHijack'),
    ...(changed ? [] : verdictLines(input.verdict, finding.outcomes)),
    ...(matchedIps && matchedIps.length > 0 ? [line('mismatch.expected', { ips: ipList(matchedIps) })] : []),
    ...noDataLines(finding.outcomes),
    ...listLines('nodes.mismatched', items),
  ];
}

/** A fire or repeat: headline, task, figure against the threshold, when, where, and the nodes. */
export function composeRoundLines(input: RoundEvent): MessageLine[] {
  return [
    line(input.event === 'fire' ? 'headline.fire' : 'headline.repeat', { rule: input.rule.name, task: input.task.name }),
    taskLine(input.task),
    ...figureLine(input),
    whenLine(input),
    ...(input.mismatch ? mismatchLines(input, input.mismatch) : breachLines(input)),
  ];
}
