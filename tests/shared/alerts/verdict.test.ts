import { describe, expect, it } from 'vitest';
import { classifyBreach, type NodeRoundOutcome, type Verdict } from '../../../src/shared/alerts/index.js';
import { ISP_CODES, type IspCode } from '../../../src/shared/codes.js';
import { ALL, CHINA, either, everyNode, idOf, inProvinces, named, noNode, nodes, ofIsp, round, type TestNode } from './nodes.js';

const { TELECOM, UNICOM, MOBILE, TENCENT } = ISP_CODES;
const ABROAD = ALL.filter((candidate) => candidate.country !== 'CN');
const abroad = (candidate: TestNode) => candidate.country !== 'CN';
const site: Verdict = { kind: 'site' };
const scattered: Verdict = { kind: 'scattered' };
const place = (scope: 'province' | 'region' | 'country', value: string): Verdict => ({ kind: 'region', scope, value });
const carrier = (isp: IspCode, ...provinces: string[]): Verdict => ({ kind: 'carrier', isp, provinces });
const TEN = nodes('Beijing Telecom', 'Shijiazhuang Unicom', 'Shanghai Mobile', 'Nanjing Telecom', 'Guangzhou Unicom');
TEN.push(...nodes('Chengdu Mobile', 'Wuhan Telecom', 'Tokyo', 'Singapore', 'New York'));
const atNode = (name: string): Verdict => ({ kind: 'node', nodeId: idOf(name) });

/** Two Tencent-cloud nodes, which the catalogue lacks, beside the test catalogue. */
const withTencent: TestNode[] = [
  ...ALL,
  { nodeId: 101, name: 'Guangzhou Tencent', isp: TENCENT, province: 'Guangdong', region: 'SC', country: 'CN' },
  { nodeId: 102, name: 'Beijing Tencent', isp: TENCENT, province: 'Beijing', region: 'NC', country: 'CN' },
];

const rows: [pattern: string, outcomes: NodeRoundOutcome[], verdict: Verdict][] = [
  // nothing to say
  ['no nodes at all', [], { kind: 'no_data' }],
  ['no node has data', round(ALL, everyNode, everyNode), { kind: 'no_data' }],
  ['every node fine', round(ALL, noNode), { kind: 'none' }],
  ['a single-node task, fine', round(nodes('Tokyo'), noNode), { kind: 'none' }],
  ['a single-node task without data', round(nodes('Tokyo'), everyNode, everyNode), { kind: 'no_data' }],
  // the whole site
  ['every node breaches', round(ALL, everyNode), site],
  ['all but one breach', round(ALL, (candidate) => candidate.name !== 'Chengdu Mobile'), site],
  ['a single-node task breaching', round(nodes('Tokyo'), everyNode), site],
  ['two nodes, both breach', round(nodes('Beijing Telecom', 'Tokyo'), everyNode), site],
  ['every node with data breaches, the others have none', round(ALL, everyNode, (candidate) => candidate.isp === UNICOM), site],
  ['the one node with data breaches', round(ALL, everyNode, (candidate) => candidate.name !== 'Wuhan Mobile'), site],
  [
    '8 of 10 breach, in several places (80%)',
    round(TEN, (candidate) => candidate.name !== 'Wuhan Telecom' && candidate.name !== 'New York'),
    site,
  ],
  // one probe node
  ['one node breaches', round(ALL, named('Nanjing Unicom')), atNode('Nanjing Unicom')],
  ['two nodes, one breaches', round(nodes('Beijing Telecom', 'Tokyo'), named('Tokyo')), atNode('Tokyo')],
  ['one ISP in one province, its only node there', round(ALL, ofIsp(UNICOM, 'Sichuan')), atNode('Chengdu Unicom')],
  ['one node abroad', round(ALL, named('Taipei')), atNode('Taipei')],
  ['one node breaches, most have no data', round(ALL, named('Wuhan Telecom'), (candidate) => candidate.country !== 'CN'), atNode('Wuhan Telecom')],
  // one carrier
  [
    'one ISP in three provinces, others fine there',
    round(ALL, ofIsp(TELECOM, 'Guangdong', 'Beijing', 'Sichuan')),
    carrier(TELECOM, 'Beijing', 'Guangdong', 'Sichuan'),
  ],
  [
    'one ISP everywhere in China',
    round(ALL, ofIsp(MOBILE)),
    carrier(MOBILE, 'Beijing', 'Guangdong', 'Guangxi', 'Hebei', 'Hubei', 'Jiangsu', 'Shanghai', 'Sichuan'),
  ],
  ['one ISP at both nodes of one province, others fine there', round(ALL, ofIsp(TELECOM, 'Guangdong')), carrier(TELECOM, 'Guangdong')],
  ['one ISP across one region, others fine there', round(ALL, ofIsp(UNICOM, 'Guangdong', 'Guangxi')), carrier(UNICOM, 'Guangdong', 'Guangxi')],
  [
    'one ISP, other ISPs fine in one of its provinces only',
    round(ALL, ofIsp(TELECOM, 'Guangdong', 'Guangxi'), ofIsp(UNICOM, 'Guangxi')),
    carrier(TELECOM, 'Guangdong', 'Guangxi'),
  ],
  ['Tencent cloud in two provinces', round(withTencent, (candidate) => candidate.isp === TENCENT), carrier(TENCENT, 'Beijing', 'Guangdong')],
  // one place
  ['one province, every ISP', round(ALL, inProvinces('Guangdong')), place('province', 'Guangdong')],
  ['one province, two of its three ISPs', round(ALL, named('Beijing Telecom', 'Beijing Unicom')), place('province', 'Beijing')],
  [
    'one ISP in two provinces, no other ISP with data there',
    round(ALL, ofIsp(TELECOM, 'Guangdong', 'Guangxi'), (candidate) => candidate.region === 'SC' && candidate.isp !== TELECOM),
    place('region', 'SC'),
  ],
  [
    'one ISP in two provinces, the task has no other ISP there',
    round(nodes('Guangzhou Telecom', 'Nanning Telecom', 'Beijing Unicom', 'Shanghai Mobile'), named('Guangzhou Telecom', 'Nanning Telecom')),
    place('region', 'SC'),
  ],
  ['one region, every node', round(ALL, (candidate) => candidate.region === 'EC'), place('region', 'EC')],
  [
    'one region, most nodes, several ISPs',
    round(ALL, named('Guangzhou Telecom', 'Guangzhou Unicom', 'Shenzhen Mobile', 'Nanning Unicom', 'Nanning Mobile')),
    place('region', 'SC'),
  ],
  ['all of China, abroad fine', round(ALL, (candidate) => candidate.country === 'CN'), place('country', 'CN')],
  ['two ISPs across China, abroad fine', round(ALL, either(ofIsp(TELECOM), ofIsp(UNICOM))), place('country', 'CN')],
  ['one country abroad', round(ALL, named('Tokyo', 'Osaka')), place('country', 'JP')],
  ['Southeast Asia nodes', round(ALL, (candidate) => candidate.isp === ISP_CODES.SOUTHEAST_ASIA), place('region', 'SEA')],
  ['two Southeast Asia countries of three', round(ALL, named('Singapore', 'Bangkok')), place('region', 'SEA')],
  [
    'one province, the others without data but one node abroad',
    round(ALL, inProvinces('Guangdong'), (candidate) => !inProvinces('Guangdong')(candidate) && candidate.name !== 'Tokyo'),
    place('province', 'Guangdong'),
  ],
  [
    'two regions, the only node outside China fine',
    round(ALL, inProvinces('Sichuan', 'Hubei'), (candidate) => !inProvinces('Sichuan', 'Hubei')(candidate) && candidate.name !== 'Tokyo'),
    place('country', 'CN'),
  ],
  // no pattern
  ['a few nodes of one region, different ISPs', round(ALL, named('Guangzhou Telecom', 'Shenzhen Unicom', 'Nanning Mobile')), scattered],
  ['two nodes in different provinces and ISPs', round(ALL, named('Beijing Telecom', 'Chengdu Unicom')), scattered],
  ['China and abroad mixed', round(ALL, named('Shanghai Telecom', 'Tokyo', 'Singapore')), scattered],
  ['every node abroad, China fine (abroad is no place)', round(ALL, abroad), scattered],
  ['world ISP nodes in two countries (no carrier)', round(ALL, named('Tokyo', 'New York')), scattered],
  [
    'a tie: two of four, crosswise',
    round(nodes('Beijing Telecom', 'Beijing Unicom', 'Guangzhou Telecom', 'Guangzhou Unicom'), named('Beijing Telecom', 'Guangzhou Unicom')),
    scattered,
  ],
  [
    'three of four (75%), in several places',
    round(nodes('Beijing Telecom', 'Shanghai Unicom', 'Tokyo', 'Singapore'), named('Beijing Telecom', 'Shanghai Unicom', 'Tokyo')),
    scattered,
  ],
  [
    'China-only task: two provinces and one ISP elsewhere (15 of 27)',
    round(CHINA, either(inProvinces('Guangdong', 'Guangxi'), ofIsp(TELECOM))),
    scattered,
  ],
  ['China-only task: all of China but one node is the site, not the country', round(CHINA, (candidate) => candidate.name !== 'Wuhan Unicom'), site],
  ['abroad only task, half its countries', round(ABROAD, named('Tokyo', 'Los Angeles', 'Singapore', 'Taipei')), scattered],
];

describe('where a round breaches (classifyBreach)', () => {
  it.each(rows)('%s', (_pattern, outcomes, verdict) => {
    expect(classifyBreach(outcomes)).toEqual(verdict);
  });

  it('does not depend on the order of the nodes', () => {
    for (const [, outcomes, verdict] of rows) expect(classifyBreach([...outcomes].reverse())).toEqual(verdict);
  });
});
