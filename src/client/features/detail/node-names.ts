import { ISP_CODES } from '../../../shared/index.js';
import type { Translate } from '../../lib/error-text.js';

/**
 * Node and place names in the user's language, through the `places` namespace keyed by the English
 * text the node catalogue uses (as on the node list): a catalogue node ("Beijing Telecom") is named
 * `<city> <ISP>` ("北京 電信"), or by its city alone for ISPs none, World and Southeast Asia; a node
 * an operator named keeps its name; the Local node is the translated "Local".
 */
export interface NamedNode {
  name: string;
  city: string;
  isp: number;
}

export type Exists = (key: string) => boolean;

const LOCAL_NODE_NAME = 'Local';
const CATALOGUE_ISP_WORDS: Readonly<Record<number, string>> = {
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

export function cityName(city: string, t: Translate, exists: Exists): string {
  if (city === LOCAL_NODE_NAME) return t('places:local');
  return placeText('city', city, t, exists) ?? city;
}

export function provinceName(province: string, t: Translate, exists: Exists): string {
  return placeText('province', province, t, exists) ?? province;
}

export function nodeNameOf(node: NamedNode, t: Translate, exists: Exists): string {
  if (node.name === LOCAL_NODE_NAME) return t('places:local');
  const city = placeText('city', node.city, t, exists);
  if (city === null) return node.name;
  const word = CATALOGUE_ISP_WORDS[node.isp];
  if (word === undefined) return node.name === node.city ? city : node.name;
  return node.name === `${node.city} ${word}` ? t('places:nodeName', { city, isp: t(`codes.isp.${node.isp}`) }) : node.name;
}
