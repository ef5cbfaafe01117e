import { ISP_CODES, type NodeCatalogueEntry } from '../../../shared/index.js';
import type { Translate } from '../../lib/error-text.js';
import { nodeCityName, type Exists } from '../../lib/node-names.js';

/** ISPs a China node is named by beside its city ("Beijing Telecom"); other nodes are named by city. */
const NAMED_ISPS: ReadonlySet<number> = new Set([ISP_CODES.TELECOM, ISP_CODES.UNICOM, ISP_CODES.MOBILE, ISP_CODES.TENCENT]);

/**
 * A node's short name in the user's language for the deploy result: its city (from the places
 * namespace when it has one) and, in China, its ISP. An unknown node (removed since) shows its id.
 */
export function nodeLabel(node: Pick<NodeCatalogueEntry, 'city' | 'isp'> | undefined, nodeId: number, t: Translate, exists: Exists): string {
  if (!node) return t('monitor:deploy.unknownNode', { id: nodeId });
  const city = nodeCityName(node, t, exists);
  return NAMED_ISPS.has(node.isp) ? `${city} ${t(`places:codes.isp.${node.isp}`)}` : city;
}
