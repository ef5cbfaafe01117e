import { ISP_CODES, type IspCode } from '../../../src/shared/codes.js';
import type { NodeRoundOutcome } from '../../../src/shared/alerts/index.js';

/** Test nodes shaped like the catalogue's: names, provinces, regions, countries and ISPs. */
export type TestNode = Omit<NodeRoundOutcome, 'state'>;

const { TELECOM, UNICOM, MOBILE, WORLD, SOUTHEAST_ASIA } = ISP_CODES;

const CHINA_CITIES: [city: string, province: string, region: string][] = [
  ['Beijing', 'Beijing', 'NC'],
  ['Shijiazhuang', 'Hebei', 'NC'],
  ['Shanghai', 'Shanghai', 'EC'],
  ['Nanjing', 'Jiangsu', 'EC'],
  ['Guangzhou', 'Guangdong', 'SC'],
  ['Shenzhen', 'Guangdong', 'SC'],
  ['Nanning', 'Guangxi', 'SC'],
  ['Chengdu', 'Sichuan', 'SW'],
  ['Wuhan', 'Hubei', 'CC'],
];
const CARRIERS: [isp: IspCode, label: string][] = [
  [TELECOM, 'Telecom'],
  [UNICOM, 'Unicom'],
  [MOBILE, 'Mobile'],
];
const ABROAD: [city: string, country: string, isp: IspCode][] = [
  ['Tokyo', 'JP', WORLD],
  ['Osaka', 'JP', WORLD],
  ['Los Angeles', 'US', WORLD],
  ['New York', 'US', WORLD],
  ['Taipei', 'TW', WORLD],
  ['Singapore', 'SG', SOUTHEAST_ASIA],
  ['Kuala Lumpur', 'MY', SOUTHEAST_ASIA],
  ['Bangkok', 'TH', SOUTHEAST_ASIA],
];

const china = CHINA_CITIES.flatMap(([city, province, region]) =>
  CARRIERS.map(([isp, label]) => ({ name: `${city} ${label}`, isp, province, region, country: 'CN' })),
);
const abroad = ABROAD.map(([city, country, isp]) => ({ name: city, isp, province: null, region: null, country }));

/** 27 China nodes (9 cities in 8 provinces × 3 carriers) and 8 abroad (5 world, 3 Southeast Asia). */
export const ALL: readonly TestNode[] = [...china, ...abroad].map((node, index) => ({ nodeId: index + 1, ...node }));
export const CHINA = ALL.filter((node) => node.country === 'CN');

export function node(name: string): TestNode {
  const found = ALL.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no test node ${name}`);
  return found;
}

export const nodes = (...names: string[]): TestNode[] => names.map(node);
export const idOf = (name: string): number => node(name).nodeId;

type Pick = (node: TestNode) => boolean;
export const named = (...names: string[]): Pick => (candidate) => names.includes(candidate.name);
export const everyNode: Pick = () => true;
export const noNode: Pick = () => false;
export const inProvinces =
  (...provinces: string[]): Pick =>
  (candidate) =>
    candidate.province !== null && provinces.includes(candidate.province);
export const ofIsp =
  (isp: IspCode, ...provinces: string[]): Pick =>
  (candidate) =>
    candidate.isp === isp && (provinces.length === 0 || inProvinces(...provinces)(candidate));
export const either =
  (...picks: Pick[]): Pick =>
  (candidate) =>
    picks.some((pick) => pick(candidate));

/** A round over `among`: nodes picked by `breaching` breach, by `noData` have no data, the rest are ok. */
export function round(among: readonly TestNode[], breaching: Pick, noData: Pick = noNode): NodeRoundOutcome[] {
  return among.map((candidate) => ({
    ...candidate,
    state: noData(candidate) ? 'no_data' : breaching(candidate) ? 'breach' : 'ok',
  }));
}
