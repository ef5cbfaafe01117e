import { ISP_CODES, type IspCode } from '../codes.js';
import { PLACE_LEVELS, distinctSorted } from './places.js';

/** How one node did in one round of a rule, as the evaluation judged it. */
export interface NodeRoundOutcome {
  nodeId: number;
  /** The node's display name, for messages. */
  name: string;
  /** Spec §3 ISP code (0 none, 1 telecom, 2 unicom, 3 mobile, 4 tencent, 8 world, 9 Southeast Asia). */
  isp: IspCode;
  /** Chinese province for China nodes, else null. */
  province: string | null;
  /** NE/NC/EC/CC/SC/SW/NW for China nodes, else null. */
  region: string | null;
  /** Country code as stored on the node. */
  country: string;
  /** no_data nodes are never failures and never evidence of success either. */
  state: 'ok' | 'breach' | 'no_data';
}

/** A node as the alert messages and verdicts name it: who and where, without its round's state. */
export type RoundNode = Omit<NodeRoundOutcome, 'state'>;

/** Where a round's breaches are (rules in docs/architecture.md, "Where an alert is"). */
export type Verdict =
  /** Every node with data breaches, or at least SITE_BREACH_SHARE of them with no narrower pattern. */
  | { kind: 'site' }
  /** One carrier ISP breaching while another ISP succeeds in one of its provinces (sorted). */
  | { kind: 'carrier'; isp: IspCode; provinces: string[] }
  /** Breaches confined to one province, region (NE…NW or `SEA`) or country; other places fine. */
  | { kind: 'region'; scope: 'region' | 'province' | 'country'; value: string }
  /** A single probe node breaches, the others with data are fine. */
  | { kind: 'node'; nodeId: number }
  /** Breaches with no pattern above. */
  | { kind: 'scattered' }
  /** No node had data. */
  | { kind: 'no_data' }
  /** Some node had data and none breached. */
  | { kind: 'none' };

/**
 * Share of the nodes with data that, breaching, make the whole site the verdict when no narrower
 * pattern explains them. Below 1 because a site outage seldom fails at every one of 100+ nodes (a
 * node beside the target, a stale cache): requiring all would call the worst incident "scattered".
 */
export const SITE_BREACH_SHARE = 0.8;

/** Share of a place's nodes with data that must breach for the place, not its nodes, to be named. */
export const PLACE_BREACH_SHARE = 0.5;

/** ISP codes that name a carrier; 0 (none), 8 (world) and 9 (Southeast Asia) name none. */
export const CARRIER_ISPS: readonly IspCode[] = [ISP_CODES.TELECOM, ISP_CODES.UNICOM, ISP_CODES.MOBILE, ISP_CODES.TENCENT];

type Outcomes = readonly NodeRoundOutcome[];

/**
 * Says where a round's breaches are. First match wins:
 * no node with data → no_data; none breaching → none; every node with data breaching → site; one
 * breaching → node; one carrier → carrier; one place → region; ≥ SITE_BREACH_SHARE → site; else
 * scattered.
 */
export function classifyBreach(outcomes: Outcomes): Verdict {
  const withData = outcomes.filter((outcome) => outcome.state !== 'no_data');
  const breaching = withData.filter((outcome) => outcome.state === 'breach');
  const [first] = breaching;
  if (withData.length === 0) return { kind: 'no_data' };
  if (first === undefined) return { kind: 'none' };
  if (breaching.length === withData.length) return { kind: 'site' };
  if (breaching.length === 1) return { kind: 'node', nodeId: first.nodeId };
  const pattern = carrierVerdict(first.isp, breaching, withData) ?? placeVerdict(first, breaching, withData);
  if (pattern) return pattern;
  return breaching.length / withData.length >= SITE_BREACH_SHARE ? { kind: 'site' } : { kind: 'scattered' };
}

/**
 * One carrier: every breaching node is of the same carrier ISP, and in at least one province where
 * it breaches a node of another ISP succeeds (the evidence that the carrier, not the place, fails).
 * One province is enough when two or more of the carrier's nodes breach there.
 */
function carrierVerdict(isp: IspCode, breaching: Outcomes, withData: Outcomes): Verdict | null {
  if (!CARRIER_ISPS.includes(isp) || breaching.some((outcome) => outcome.isp !== isp)) return null;
  const provinces = distinctSorted(breaching.map((outcome) => outcome.province));
  const othersSucceedThere = withData.some(
    (outcome) => outcome.state === 'ok' && outcome.isp !== isp && outcome.province !== null && provinces.includes(outcome.province),
  );
  return othersSucceedThere ? { kind: 'carrier', isp, provinces } : null;
}

/**
 * One place: the narrowest province, region or country holding every breaching node, where at
 * least PLACE_BREACH_SHARE of its nodes with data breach and some node outside it has data (so
 * other places are seen to be fine).
 */
function placeVerdict(first: NodeRoundOutcome, breaching: Outcomes, withData: Outcomes): Verdict | null {
  for (const { scope, placeOf } of PLACE_LEVELS) {
    const value = placeOf(first);
    if (value === null || breaching.some((outcome) => placeOf(outcome) !== value)) continue;
    const inside = withData.filter((outcome) => placeOf(outcome) === value).length;
    if (breaching.length / inside >= PLACE_BREACH_SHARE && inside < withData.length) return { kind: 'region', scope, value };
  }
  return null;
}
