import { ISP_CODES, type NodeCatalogueEntry } from '../../../shared/index.js';
import type { Translate } from '../../lib/error-text.js';

/**
 * Node names in the user's language for the picker, read from the `places` namespace as the node
 * list does (features/nodes/place-names.ts, which features may not share): the catalogue's English
 * city and province names are the keys; a name the operator chose is shown as it is.
 */
type Exists = (key: string) => boolean;
type NamedNode = Pick<NodeCatalogueEntry, 'name' | 'city' | 'province' | 'isp'>;

const LOCAL_NODE_NAME = 'Local';
const CHINA_ISP_WORDS: Readonly<Record<number, string>> = {
  [ISP_CODES.TELECOM]: 'Telecom',
  [ISP_CODES.UNICOM]: 'Unicom',
  [ISP_CODES.MOBILE]: 'Mobile',
  [ISP_CODES.TENCENT]: 'Tencent',
};
/** i18next reads ':' and '.' in a key as separators, so such text is never looked up. */
const LOOKUP_SAFE = /^[^.:]+$/;

function placeText(kind: 'city' | 'province', raw: string, t: Translate, exists: Exists): string | null {
  if (!LOOKUP_SAFE.test(raw)) return null;
  const key = `places:${kind}.${raw}`;
  return exists(key) ? t(key) : null;
}

export function provinceName(province: string, t: Translate, exists: Exists): string {
  return placeText('province', province, t, exists) ?? province;
}

/** "北京 電信" for a China catalogue node, the city for others, the operator's own name otherwise. */
export function nodeLabel(node: NamedNode, t: Translate, exists: Exists): string {
  if (node.name === LOCAL_NODE_NAME) return t('places:local');
  const city = placeText('city', node.city, t, exists);
  if (city === null) return node.name;
  const ispWord = CHINA_ISP_WORDS[node.isp];
  if (ispWord !== undefined && node.name === `${node.city} ${ispWord}`) {
    return t('places:nodeName', { city, isp: t(`codes.isp.${node.isp}`) });
  }
  return node.name === node.city ? city : node.name;
}

/** Where the node is: its province in China, else its country. */
export function nodePlace(node: Pick<NodeCatalogueEntry, 'province' | 'country'>, t: Translate, exists: Exists): string {
  if (node.province !== null) return provinceName(node.province, t, exists);
  return t(`codes.country.${node.country}`, { defaultValue: node.country });
}
