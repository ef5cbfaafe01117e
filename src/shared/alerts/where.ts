import type { IspCode } from '../codes.js';
import { distinctSorted, regionOf } from './places.js';
import type { NodeRoundOutcome, RoundNode, Verdict } from './verdict.js';

export type WhereNode = RoundNode;

/** What a message or the task's map needs to say where: data only, the words are the composer's. */
export interface WhereDetails {
  verdict: Verdict;
  /** The breaching nodes, in the order given. */
  breaching: WhereNode[];
  /** Distinct ISPs, provinces, regions (China regions and `SEA`) and countries of the breaching nodes, sorted. */
  isps: IspCode[];
  provinces: string[];
  regions: string[];
  countries: string[];
  /** For a carrier verdict, the other ISPs with a succeeding node in its provinces (the evidence); else []. */
  succeedingIsps: IspCode[];
  counts: { breaching: number; ok: number; noData: number };
}

/** The structured "where" of a verdict over the outcomes it was drawn from. */
export function describeWhere(verdict: Verdict, outcomes: readonly NodeRoundOutcome[]): WhereDetails {
  const breachingOutcomes = outcomes.filter((outcome) => outcome.state === 'breach');
  return {
    verdict,
    breaching: breachingOutcomes.map(({ state: _state, ...node }) => node),
    isps: distinctSorted(breachingOutcomes.map((outcome) => outcome.isp)),
    provinces: distinctSorted(breachingOutcomes.map((outcome) => outcome.province)),
    regions: distinctSorted(breachingOutcomes.map(regionOf)),
    countries: distinctSorted(breachingOutcomes.map((outcome) => outcome.country)),
    succeedingIsps: verdict.kind === 'carrier' ? succeedingIspsIn(verdict.provinces, verdict.isp, outcomes) : [],
    counts: {
      breaching: breachingOutcomes.length,
      ok: outcomes.filter((outcome) => outcome.state === 'ok').length,
      noData: outcomes.filter((outcome) => outcome.state === 'no_data').length,
    },
  };
}

function succeedingIspsIn(provinces: readonly string[], carrier: IspCode, outcomes: readonly NodeRoundOutcome[]): IspCode[] {
  const succeeding = outcomes.filter(
    (outcome) => outcome.state === 'ok' && outcome.isp !== carrier && outcome.province !== null && provinces.includes(outcome.province),
  );
  return distinctSorted(succeeding.map((outcome) => outcome.isp));
}
