import { describe, expect, it } from 'vitest';
import { classifyBreach, type NodeRoundOutcome, type Verdict } from '../../../src/shared/alerts/index.js';
import { ISP_CODES } from '../../../src/shared/codes.js';
import { nodeCatalogue } from '../../../src/server/db/node-catalogue.js';

/** The seeded catalogue as the evaluation sees it: 105 China nodes, 11 Southeast Asia, 17 world, Local (TW). */
const CATALOGUE = nodeCatalogue('TW').map(({ name, isp, province, region, country }, index) => ({
  nodeId: index + 1,
  name,
  isp,
  province,
  region,
  country,
}));

const round = (breaching: (node: (typeof CATALOGUE)[number]) => boolean): NodeRoundOutcome[] =>
  CATALOGUE.map((node) => ({ ...node, state: breaching(node) ? 'breach' : 'ok' }));
const provincesOf = (isp: number) => [...new Set(CATALOGUE.filter((node) => node.isp === isp).map((node) => node.province as string))].sort();

const rows: [pattern: string, outcomes: NodeRoundOutcome[], verdict: Verdict][] = [
  ['every node', round(() => true), { kind: 'site' }],
  ['every node but Local', round((node) => node.name !== 'Local'), { kind: 'site' }],
  [
    'Telecom everywhere',
    round((node) => node.isp === ISP_CODES.TELECOM),
    { kind: 'carrier', isp: ISP_CODES.TELECOM, provinces: provincesOf(ISP_CODES.TELECOM) },
  ],
  [
    'Unicom in South China',
    round((node) => node.isp === ISP_CODES.UNICOM && node.region === 'SC'),
    { kind: 'carrier', isp: ISP_CODES.UNICOM, provinces: ['Guangdong', 'Guangxi', 'Hainan'] },
  ],
  ['all of China (105 of 134)', round((node) => node.country === 'CN'), { kind: 'region', scope: 'country', value: 'CN' }],
  [
    'Telecom and Unicom across China',
    round((node) => node.isp === ISP_CODES.TELECOM || node.isp === ISP_CODES.UNICOM),
    { kind: 'region', scope: 'country', value: 'CN' },
  ],
  ['Northeast China', round((node) => node.region === 'NE'), { kind: 'region', scope: 'region', value: 'NE' }],
  ['Shandong, both cities', round((node) => node.province === 'Shandong'), { kind: 'region', scope: 'province', value: 'Shandong' }],
  ['Southeast Asia', round((node) => node.isp === ISP_CODES.SOUTHEAST_ASIA), { kind: 'region', scope: 'region', value: 'SEA' }],
  ['Taiwan with the Local node', round((node) => node.country === 'TW'), { kind: 'region', scope: 'country', value: 'TW' }],
  ['the Local node', round((node) => node.name === 'Local'), { kind: 'node', nodeId: CATALOGUE.length }],
];

describe('where a round breaches, over the seeded catalogue', () => {
  it('has 31 provinces per China carrier', () => {
    expect(provincesOf(ISP_CODES.MOBILE)).toHaveLength(31);
  });

  it.each(rows)('%s', (_pattern, outcomes, verdict) => {
    expect(classifyBreach(outcomes)).toEqual(verdict);
  });
});
