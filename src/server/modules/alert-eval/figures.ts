import { ALERT_MODES, breaches, type AlertCondition } from '../../../shared/alerts/rule-fields.js';
import type { NodeRoundOutcome, RoundNode } from '../../../shared/alerts/verdict.js';
import { availabilityOf, averageLatencyOf, emptySums, type Sums } from '../../results/index.js';

/**
 * A round's figures, read only through the results module's formulas: availability is successful
 * checks over checks of the round (availabilityOf, as a ratio here, as rule thresholds are), latency
 * the mean response time of the round's successful checks (averageLatencyOf). The round breaches when
 * the figure over all its checks breaches the rule; each node is judged by its own checks the same
 * way, which says where. A node without checks in the round, or (latency) without a successful one,
 * is "no data", never a failure.
 */

export type PlacedNode = RoundNode;

export interface FigureRule {
  mode: number;
  condition: AlertCondition;
  threshold: number | null;
}

/** The figure a latency or availability rule compares with its threshold; null without data. */
export function figureOf(rule: FigureRule, sums: Sums): number | null {
  if (rule.mode === ALERT_MODES.AVAILABILITY) {
    const percent = availabilityOf(sums);
    return percent === null ? null : percent / 100;
  }
  return averageLatencyOf(sums);
}

function breachOf(rule: FigureRule, figure: number | null): boolean | null {
  if (figure === null || rule.threshold === null) return null;
  return breaches(rule.condition, figure, rule.threshold);
}

/** The round's figure over all its checks, and whether it breaches (null: no node had data). */
export function roundBreach(rule: FigureRule, total: Sums): { figure: number | null; breaching: boolean | null } {
  const figure = figureOf(rule, total);
  return { figure, breaching: breachOf(rule, figure) };
}

export interface NodeJudgement {
  outcomes: NodeRoundOutcome[];
  /** Each node's own figure (null: no data), for messages. */
  nodeFigures: Map<number, number | null>;
}

/**
 * Each node judged by its own checks as the round is by all of them (nodes missing from
 * `sumsByNode` are no data): where the round's breaches are. Only rounds with a message need it.
 */
export function judgeNodes(rule: FigureRule, nodes: readonly PlacedNode[], sumsByNode: ReadonlyMap<number, Sums>): NodeJudgement {
  const nodeFigures = new Map<number, number | null>();
  const outcomes = nodes.map((node): NodeRoundOutcome => {
    const figure = figureOf(rule, sumsByNode.get(node.nodeId) ?? emptySums());
    nodeFigures.set(node.nodeId, figure);
    const breach = breachOf(rule, figure);
    return { ...node, state: breach === null ? 'no_data' : breach ? 'breach' : 'ok' };
  });
  return { outcomes, nodeFigures };
}
