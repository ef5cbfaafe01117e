import { ipMatchOf, unexpectedIps } from '../ip.js';
import { classifyBreach, type NodeRoundOutcome, type RoundNode, type Verdict } from './verdict.js';

/** One node's answer in a round: the addresses it resolved, null when it has no data. */
export interface NodeResolution {
  node: RoundNode;
  ips: string[] | null;
}

export interface MismatchedNode {
  nodeId: number;
  /** Everything the node resolved, as it reported it. */
  ips: string[];
  /** The resolved addresses outside the matched set. */
  unexpected: string[];
}

export interface MismatchFinding {
  verdict: 'none' | 'site' | 'possible_hijack';
  /** The nodes whose answer left the matched set, in the order given. */
  mismatched: MismatchedNode[];
  /** classifyBreach over `outcomes`. */
  where: Verdict;
  /** Each node as a round outcome: a mismatching answer breaches, a matching one is ok, none is no_data. */
  outcomes: NodeRoundOutcome[];
}

/**
 * Whether the nodes' answers left the matched set, and where. An answer matches when every address
 * in it is in the set (`ipMatchOf`, the agent's rule, comparing addresses in canonical form); no
 * answer, an empty one, or an empty matched set is no data. Verdict: no mismatch → none; where the
 * mismatches are the whole site (classifyBreach says site: every node with data, or nearly every one
 * with a few resolvers still caching the old addresses) → site, the site's addresses changed, not a
 * hijack; otherwise → possible_hijack, some provinces or ISPs only, `where` says which.
 */
export function classifyMismatch(resolutions: readonly NodeResolution[], matchedIps: readonly string[]): MismatchFinding {
  const outcomes = resolutions.map(({ node, ips }) => ({ ...node, state: stateOf(ips ?? [], matchedIps) }));
  const mismatched = resolutions.flatMap(({ node, ips }, index) =>
    ips && outcomes[index]?.state === 'breach' ? [{ nodeId: node.nodeId, ips, unexpected: unexpectedIps(ips, matchedIps) }] : [],
  );
  const where = classifyBreach(outcomes);
  const verdict = where.kind === 'site' ? 'site' : mismatched.length > 0 ? 'possible_hijack' : 'none';
  return { verdict, mismatched, where, outcomes };
}

function stateOf(ips: readonly string[], matchedIps: readonly string[]): NodeRoundOutcome['state'] {
  const matched = ipMatchOf(ips, matchedIps);
  if (matched === null) return 'no_data';
  return matched ? 'ok' : 'breach';
}
