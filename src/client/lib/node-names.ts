import { ISP_CODES } from '../../shared/index.js';
import { CITY_ONLY_ISPS, LOCAL_NODE_NAME, catalogueNodeName } from '../../shared/node-catalogue-names.js';
import type { Translate } from './error-text.js';

/**
 * The server seeds its node catalogue with English names ("Beijing Telecom", city "Beijing", province
 * "Beijing"). The console shows them in the user's language through the `places` namespace, keyed by
 * the English text: `places:city.<city>`, `places:province.<province>`. Text without a translation
 * (an operator's own city or node name) is shown as it is. The node list, the task form's node
 * picker, the deploy result and the detail screens all name nodes and places here.
 */
export interface NamedNode {
  name: string;
  city: string;
  isp: number;
  /** Needed only to tell apart cities of the same name in several countries. */
  country?: string;
}

export interface PlacedNode extends NamedNode {
  province: string | null;
  country: string;
}

export type Exists = (key: string) => boolean;

export { LOCAL_NODE_NAME };

/**
 * The Local node is named "Local" ("本機") alone. Its seeded city is "Local" too and its country is a
 * setting (VIGIL_LOCAL_NODE_COUNTRY), so "本機 / 本機" or "本機 · 台灣" would say nothing true or
 * new: where a place is asked for, it is "on the server's machine".
 */
export function isLocalNode(node: Pick<NamedNode, 'name'>): boolean {
  return node.name === LOCAL_NODE_NAME;
}

const NO_SHARED_CITIES: ReadonlySet<string> = new Set();

/** i18next reads ':' and '.' in a key as separators, so such text is never looked up. */
const LOOKUP_SAFE = /^[^.:]+$/;

function placeText(kind: 'city' | 'province', raw: string, t: Translate, exists: Exists): string | null {
  if (!LOOKUP_SAFE.test(raw)) return null;
  const key = `places:${kind}.${raw}`;
  return exists(key) ? t(key) : null;
}

/** The name the catalogue gives a node of this city and ISP: "Beijing Telecom", or "Tokyo". */
function catalogueName(node: NamedNode): string | null {
  return catalogueNodeName(node.city, node.isp);
}

export function countryName(country: string, t: Translate): string {
  return t(`places:codes.country.${country}`, { defaultValue: country });
}

/** A province in the user's language, as it is without a translation. */
export function provinceName(province: string, t: Translate, exists: Exists): string {
  return placeText('province', province, t, exists) ?? province;
}

/** The node's city in the user's language; the Local node's city is the translated "Local". */
export function nodeCityName(node: Pick<NamedNode, 'city'>, t: Translate, exists: Exists): string {
  if (node.city === LOCAL_NODE_NAME) return t('places:local');
  return placeText('city', node.city, t, exists) ?? node.city;
}

/** The node's province in the user's language; null outside China. */
export function nodeProvinceName(node: Pick<PlacedNode, 'province'>, t: Translate, exists: Exists): string | null {
  return node.province === null ? null : provinceName(node.province, t, exists);
}

/** Where the node is: its province in China, else its country; the Local node is on the server's machine. */
export function nodePlace(node: Pick<PlacedNode, 'name' | 'province' | 'country'>, t: Translate, exists: Exists): string {
  if (isLocalNode(node)) return t('places:localPlace');
  return node.province === null ? countryName(node.country, t) : provinceName(node.province, t, exists);
}

/** Where a node's location is listed (the node list): its city, or the server's machine for the Local node. */
export function nodeLocationName(node: Pick<NamedNode, 'name' | 'city'>, t: Translate, exists: Exists): string {
  return isLocalNode(node) ? t('places:localPlace') : nodeCityName(node, t, exists);
}

/**
 * The line under a node's name in a breakdown: city, province and ISP in the user's language,
 * leaving out what its name already says ("東京" under "東京"); nothing for the Local node.
 */
export function nodeDetailLine(node: Pick<PlacedNode, 'name' | 'city' | 'province' | 'isp'>, name: string, t: Translate, exists: Exists): string {
  if (isLocalNode(node)) return '';
  const place = [nodeCityName(node, t, exists), node.province === null ? null : provinceName(node.province, t, exists)];
  const isp = node.isp === ISP_CODES.NONE ? null : t(`places:codes.isp.${node.isp}`, { defaultValue: String(node.isp) });
  const parts = [...place, isp].filter((part): part is string => part !== null && !name.includes(part));
  return [...new Set(parts)].join(' · ');
}

/**
 * The node's name in the user's language. A catalogue node (its name still the one the catalogue
 * gave it, its city translated) is named `<city> <ISP>` ("北京 電信"), or by its city alone for
 * ISPs none, World and Southeast Asia — with its country when its city is in `sharedCities` (a city
 * name found in several countries). Any other node keeps the name the operator gave it; the Local
 * node is always the translated "Local".
 */
export function nodeDisplayName(node: NamedNode, t: Translate, exists: Exists, sharedCities: ReadonlySet<string> = NO_SHARED_CITIES): string {
  if (isLocalNode(node)) return t('places:local');
  const city = placeText('city', node.city, t, exists);
  if (city === null || node.name !== catalogueName(node)) return node.name;
  if (!CITY_ONLY_ISPS.has(node.isp)) return t('places:nodeName', { city, isp: t(`places:codes.isp.${node.isp}`) });
  const shared = node.country !== undefined && sharedCities.has(node.city);
  return shared ? t('places:cityInCountry', { city, country: countryName(node.country ?? '', t) }) : city;
}

/** Cities that the given nodes place in more than one country, so their names need the country. */
export function citiesInSeveralCountries(nodes: readonly Pick<PlacedNode, 'city' | 'country'>[]): Set<string> {
  const countries = new Map<string, Set<string>>();
  for (const { city, country } of nodes) {
    const seen = countries.get(city) ?? new Set<string>();
    seen.add(country);
    countries.set(city, seen);
  }
  return new Set([...countries].filter(([, seen]) => seen.size > 1).map(([city]) => city));
}
