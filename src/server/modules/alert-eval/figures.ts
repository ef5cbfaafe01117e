import type { IspCode } from '../../../shared/codes.js';
import { ALERT_MODES, breaches, type AlertCondition } from '../../../shared/alerts/rule-fields.js';
import type { NodeRoundOutcome } from '../../../shared/alerts/verdict.js';
import { availabilityOf, averageLatencyOf, emptySums, type Sums } from '../../results/index.js';

/**
 * A round's figures, read only through the results module's formulas: availability is successful
 * checks over checks of the round (availabilityOf, as a ratio here, as rule thresholds are), latency
 * the mean response time of the round's successful checks (averageLatencyOf). The round breaches when
 * the figure over all its checks breaches the rule; each node is judged by its own checks the same
 * way, which says where. A node without checks in the round, or (latency) without a successful one,
 * is "no data", never a failure.
 */

export interface PlacedNode {
  nodeId: number;
  name: string;
  isp: IspCode;
  province: string | null;
  region: string | null;
  country: string;
}

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

export interface RoundFigures {
  /** The round's figure over all its checks; null when no node had data. */
  figure: number | null;
  /** null: no data (neither breaches nor recovers). */
  breaching: boolean | null;
  outcomes: NodeRoundOutcome[];
  /** Each node's own figure (null: no data), for messages. */
  nodeFigures: Map<number, number | null>;
}

/**
 * Judges one round of a latency or availability rule: the round by the sums of all its checks
 * (`total`), each node by its own (`sumsByNode`; nodes missing there are no data).
 */
export function judgeRound(rule: FigureRule, nodes: readonly PlacedNode[], total: Sums, sumsByNode: ReadonlyMap<number, Sums>): RoundFigures {
  const nodeFigures = new Map<number, number | null>();
  const outcomes = nodes.map((node): NodeRoundOutcome => {
    const sums = sumsByNode.get(node.nodeId) ?? emptySums();
    const figure = figureOf(rule, sums);
    nodeFigures.set(node.nodeId, figure);
    const breach = breachOf(rule, figure);
    return { ...node, state: breach === null ? 'no_data' : breach ? 'breach' : 'ok' };
  });
  const figure = figureOf(rule, total);
  return { figure, breaching: breachOf(rule, figure), outcomes, nodeFigures };
}
