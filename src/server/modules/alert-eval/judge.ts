import { ALERT_MODES } from '../../../shared/alerts/rule-fields.js';
import { classifyMismatch, type MismatchFinding, type NodeResolution } from '../../../shared/alerts/dns-mismatch.js';
import { classifyBreach, type NodeRoundOutcome, type Verdict } from '../../../shared/alerts/verdict.js';
import type { NodeRoundChecks, Sums } from '../../results/index.js';
import { judgeNodes, roundBreach, type PlacedNode } from './figures.js';
import type { Round } from './rounds.js';
import { stepSsl, type SeenCertificate, type SslEvent } from './ssl-step.js';
import { stepBreach, type BreachEvent, type RuleTaskState } from './state-machine.js';
import type { EvalRule } from './states-repo.js';

/**
 * One closed round of one (rule, task): the new state and, when the round causes one, the facts of
 * its message. Pure: the figures come in already read.
 */

export interface TaskFacts {
  id: number;
  custId: number;
  name: string;
  domain: string;
  type: number;
  /** The task's matching IPs and its matched-IP group's addresses. */
  matchedIps: string[];
}

export interface RoundInputs {
  round: Round;
  /** The task's selected nodes, placed. */
  nodes: readonly PlacedNode[];
  /** All the round's checks of the task. */
  total: Sums;
  /** Per node; may be left empty while no message needs to say where (the outcomes are then no data). */
  sumsByNode: ReadonlyMap<number, Sums>;
  checksByNode: ReadonlyMap<number, NodeRoundChecks>;
}

export interface AlertFacts {
  event: (BreachEvent | SslEvent)['event'];
  rule: EvalRule;
  task: TaskFacts;
  round: Round;
  /** The round's figure (availability ratio or mean latency in ms); null for SSL and IP rules. */
  figure: number | null;
  nodeFigures: ReadonlyMap<number, number | null>;
  outcomes: NodeRoundOutcome[];
  verdict: Verdict | null;
  /** IP rules: what each node resolved and which answers left the matched set. */
  mismatch: { finding: MismatchFinding; resolutions: NodeResolution[] } | null;
  /** When the incident started (round time), and for a recovery or renewal how long it lasted. */
  startedAt: number | null;
  durationMs: number | null;
  ssl: { mark?: number; daysLeft?: number; validTo: string; previousValidTo?: string; subject?: string | null } | null;
}

export interface Judgement {
  state: RuleTaskState;
  facts: AlertFacts | null;
}

type Base = Omit<AlertFacts, 'event' | 'startedAt' | 'durationMs' | 'ssl'>;

function breachFacts(base: Base, event: BreachEvent): AlertFacts {
  return {
    ...base,
    event: event.event,
    startedAt: event.startedAt,
    durationMs: event.event === 'recover' ? event.durationMs : null,
    ssl: null,
    verdict: event.event === 'recover' ? null : base.verdict,
  };
}

function figureJudgement(rule: EvalRule, task: TaskFacts, state: RuleTaskState, inputs: RoundInputs, cooldownMs: number): Judgement {
  const { figure, breaching } = roundBreach(rule, inputs.total);
  const step = stepBreach(state, { sensitivity: rule.sensitivity, cooldownMs }, inputs.round, breaching);
  if (!step.event) return { state: step.state, facts: null };
  const { outcomes, nodeFigures } = judgeNodes(rule, inputs.nodes, inputs.sumsByNode);
  const base: Base = { rule, task, round: inputs.round, figure, nodeFigures, outcomes, verdict: classifyBreach(outcomes), mismatch: null };
  return { state: step.state, facts: breachFacts(base, step.event) };
}

function mismatchJudgement(rule: EvalRule, task: TaskFacts, state: RuleTaskState, inputs: RoundInputs, cooldownMs: number): Judgement {
  const resolutions = inputs.nodes.map((node): NodeResolution => {
    const ips = inputs.checksByNode.get(node.nodeId)?.resolvedIps ?? [];
    return { node, ips: ips.length > 0 ? ips : null };
  });
  const finding = classifyMismatch(resolutions, task.matchedIps);
  const withData = finding.outcomes.some((outcome) => outcome.state !== 'no_data');
  const breaching = !withData ? null : finding.mismatched.length > 0;
  const step = stepBreach(state, { sensitivity: Math.max(1, rule.sensitivity), cooldownMs }, inputs.round, breaching);
  if (!step.event) return { state: step.state, facts: null };
  const base: Base = { rule, task, round: inputs.round, figure: null, nodeFigures: new Map(), outcomes: finding.outcomes, verdict: finding.where, mismatch: { finding, resolutions } };
  return { state: step.state, facts: breachFacts(base, step.event) };
}

/** The certificate expiring soonest among the round's checks. */
function soonestCertificate(inputs: RoundInputs): (SeenCertificate & { subject: string }) | null {
  let soonest: (SeenCertificate & { subject: string }) | null = null;
  for (const checks of inputs.checksByNode.values()) {
    const certificate = checks.certificate;
    if (certificate && (soonest === null || Date.parse(certificate.validTo) < Date.parse(soonest.validTo))) soonest = certificate;
  }
  return soonest;
}

function sslJudgement(rule: EvalRule, task: TaskFacts, state: RuleTaskState, inputs: RoundInputs): Judgement {
  const seen = soonestCertificate(inputs);
  const step = stepSsl(state, rule.sslDays, inputs.round, seen);
  const event = step.event;
  if (!event) return { state: step.state, facts: null };
  const outcomes = inputs.nodes.map((node): NodeRoundOutcome => ({ ...node, state: inputs.checksByNode.get(node.nodeId)?.certificate ? 'breach' : 'no_data' }));
  const renewed = event.event === 'ssl_renewed';
  return {
    state: step.state,
    facts: {
      event: event.event,
      rule,
      task,
      round: inputs.round,
      figure: null,
      nodeFigures: new Map(),
      outcomes,
      verdict: null,
      mismatch: null,
      startedAt: renewed ? event.startedAt : step.state.incident?.startedAt ?? inputs.round.start,
      durationMs: renewed ? event.durationMs : null,
      ssl: renewed ? { validTo: event.validTo, previousValidTo: event.previousValidTo } : { mark: event.mark, daysLeft: event.daysLeft, validTo: event.validTo, subject: seen?.subject ?? null },
    },
  };
}

/** Judges one closed round of a (rule, task). `minuteMs` scales the cooldown as it scales rounds. */
export function judge(rule: EvalRule, task: TaskFacts, state: RuleTaskState, inputs: RoundInputs, minuteMs: number): Judgement {
  const cooldownMs = rule.cooldownMinutes * minuteMs;
  switch (rule.mode) {
    case ALERT_MODES.SSL_EXPIRY_DAYS:
      return sslJudgement(rule, task, state, inputs);
    case ALERT_MODES.IP_NOT_MATCHED:
      return mismatchJudgement(rule, task, state, inputs, cooldownMs);
    default:
      return figureJudgement(rule, task, state, inputs, cooldownMs);
  }
}
