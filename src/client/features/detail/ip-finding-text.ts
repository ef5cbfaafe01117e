import { CARRIER_ISPS } from '../../../shared/alerts/verdict.js';
import type { DetailBreakdownAnswer, IspCode, NodeBreakdown } from '../../../shared/index.js';
import type { Translate } from '../../lib/error-text.js';
import { nodePlace, type Exists } from '../../lib/node-names.js';

/**
 * The words of the detail map's DNS finding (the server's `ipFinding`): a headline with the verdict
 * and where, the matched set, and the nodes resolving outside it, long lists capped.
 */

/** Nodes listed under the headline; the rest are counted. */
export const LISTED_NODES_MAX = 5;
/** Addresses listed per node; the rest are counted. */
export const LISTED_IPS_MAX = 4;

export interface IpFindingLine {
  nodeId: number;
  /** The node, its ISP and province (or country abroad), and what it resolved. */
  text: string;
}

export interface IpFindingText {
  tone: 'hijack' | 'changed';
  headline: string;
  matched: string;
  lines: IpFindingLine[];
  /** Nodes left out of `lines`, as words; null when none are. */
  more: string | null;
}

export interface IpFindingWords {
  t: Translate;
  exists: Exists;
  locale: string;
  nodeName: (node: NodeBreakdown) => string;
}

function listOf(items: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format([...new Set(items)]);
}

function capped(ips: readonly string[], t: Translate): string {
  const shown = ips.slice(0, LISTED_IPS_MAX).join(', ');
  return ips.length > LISTED_IPS_MAX ? t('detail:ipFinding.moreIps', { ips: shown, count: ips.length - LISTED_IPS_MAX }) : shown;
}

const ispName = (isp: IspCode, t: Translate) => t(`places:codes.isp.${isp}`, { defaultValue: String(isp) });

function whereOf(node: NodeBreakdown, { t, exists }: IpFindingWords): string {
  const place = nodePlace(node, t, exists);
  return CARRIER_ISPS.includes(node.isp) ? t('detail:ipFinding.where', { isp: ispName(node.isp, t), place }) : place;
}

function headlineOf(nodes: readonly NodeBreakdown[], words: IpFindingWords): string {
  const { t, exists, locale } = words;
  const places = listOf(nodes.map((node) => nodePlace(node, t, exists)), locale);
  const carriers = nodes.map((node) => node.isp).filter((isp) => CARRIER_ISPS.includes(isp));
  if (carriers.length === 0) return t('detail:ipFinding.hijack', { count: nodes.length, places });
  return t('detail:ipFinding.hijackIsps', { count: nodes.length, places, isps: listOf(carriers.map((isp) => ispName(isp, t)), locale) });
}

/** The finding in words; null when there is nothing to say (no matched set, or every answer inside it). */
export function ipFindingText(breakdown: Pick<DetailBreakdownAnswer, 'ipFinding' | 'nodes'>, words: IpFindingWords): IpFindingText | null {
  const finding = breakdown.ipFinding;
  if (!finding || finding.verdict === 'none') return null;
  const { t } = words;
  const byId = new Map(breakdown.nodes.map((node) => [node.nodeId, node]));
  const mismatched = finding.mismatched.flatMap((entry) => {
    const node = byId.get(entry.nodeId);
    return node ? [{ node, ips: entry.ips }] : [];
  });
  const lines = mismatched.slice(0, LISTED_NODES_MAX).map(({ node, ips }) => ({
    nodeId: node.nodeId,
    text: t('detail:ipFinding.node', { name: words.nodeName(node), where: whereOf(node, words), ips: capped(ips, t) }),
  }));
  const left = mismatched.length - lines.length;
  return {
    tone: finding.verdict === 'site' ? 'changed' : 'hijack',
    headline: finding.verdict === 'site' ? t('detail:ipFinding.changed') : headlineOf(mismatched.map(({ node }) => node), words),
    matched: t('detail:ipFinding.matched', { ips: capped(finding.matchedIps, t) }),
    lines,
    more: left > 0 ? t('detail:ipFinding.moreNodes', { count: left }) : null,
  };
}

/** The nodes the map marks: those whose latest answer left the matched set. */
export function mismatchedNodeIds(breakdown: Pick<DetailBreakdownAnswer, 'ipFinding'>): ReadonlySet<number> {
  return new Set(breakdown.ipFinding?.mismatched.map((entry) => entry.nodeId) ?? []);
}
