import { describe, expect, it } from 'vitest';
import { classifyMismatch, type MismatchFinding, type NodeResolution } from '../../../src/shared/alerts/index.js';
import { ISP_CODES } from '../../../src/shared/codes.js';
import { ALL, idOf, inProvinces, named, nodes, ofIsp, type TestNode } from './nodes.js';

const MATCHED = ['203.0.113.10', '203.0.113.11', '2001:db8::10'];
const HIJACKED = ['198.51.100.66'];

type Answer = (node: TestNode) => string[] | null;
const matching: Answer = () => ['203.0.113.10'];
/** Nodes picked by `pick` get `ips`, the others the matched address. */
const answering =
  (pick: (node: TestNode) => boolean, ips: string[] | null, others: Answer = matching): Answer =>
  (node) =>
    pick(node) ? ips : others(node);
const resolutions = (among: readonly TestNode[], answer: Answer): NodeResolution[] => among.map((node) => ({ node, ips: answer(node) }));

type Expected = Pick<MismatchFinding, 'verdict' | 'where'> & { mismatchedNames: string[] };
const expected = (verdict: MismatchFinding['verdict'], where: MismatchFinding['where'], ...mismatchedNames: string[]): Expected => ({
  verdict,
  where,
  mismatchedNames,
});
const china = (candidate: TestNode) => candidate.country === 'CN';

const rows: [pattern: string, resolutions: NodeResolution[], matched: string[], finding: Expected][] = [
  ['every node in the matched set', resolutions(ALL, matching), MATCHED, expected('none', { kind: 'none' })],
  [
    'answers spread over the matched set',
    resolutions(ALL, (node) => [MATCHED[node.nodeId % 3] as string]),
    MATCHED,
    expected('none', { kind: 'none' }),
  ],
  ['a subset of the matched set matches', resolutions(nodes('Tokyo'), () => ['203.0.113.11']), MATCHED, expected('none', { kind: 'none' })],
  [
    'IPv6 answers in another text form',
    resolutions(nodes('Tokyo', 'Osaka'), () => ['2001:0DB8:0:0:0:0:0:0010']),
    MATCHED,
    expected('none', { kind: 'none' }),
  ],
  ['an IPv4-mapped IPv6 answer', resolutions(nodes('Tokyo'), () => ['::ffff:203.0.113.10']), MATCHED, expected('none', { kind: 'none' })],
  [
    'matched set written in other forms',
    resolutions(nodes('Tokyo', 'Taipei'), () => ['203.0.113.10', '2001:db8::10']),
    ['::FFFF:CB00:710A', '2001:db8:0::0:10 '],
    expected('none', { kind: 'none' }),
  ],
  ['no matched IPs: nothing to compare', resolutions(ALL, () => HIJACKED), [], expected('none', { kind: 'no_data' })],
  ['no node has an answer', resolutions(ALL, () => null), MATCHED, expected('none', { kind: 'no_data' })],
  ['empty answers are no data', resolutions(nodes('Tokyo', 'Osaka'), () => []), MATCHED, expected('none', { kind: 'no_data' })],
  [
    'one ISP in two provinces: possible hijack by the carrier',
    resolutions(ALL, answering(ofIsp(ISP_CODES.UNICOM, 'Beijing', 'Sichuan'), HIJACKED)),
    MATCHED,
    expected('possible_hijack', { kind: 'carrier', isp: ISP_CODES.UNICOM, provinces: ['Beijing', 'Sichuan'] }, 'Beijing Unicom', 'Chengdu Unicom'),
  ],
  [
    'one province, every ISP',
    resolutions(ALL, answering(inProvinces('Guangxi'), HIJACKED)),
    MATCHED,
    expected('possible_hijack', { kind: 'region', scope: 'province', value: 'Guangxi' }, 'Nanning Telecom', 'Nanning Unicom', 'Nanning Mobile'),
  ],
  [
    'one node',
    resolutions(ALL, answering(named('Wuhan Mobile'), HIJACKED)),
    MATCHED,
    expected('possible_hijack', { kind: 'node', nodeId: idOf('Wuhan Mobile') }, 'Wuhan Mobile'),
  ],
  [
    'one extra address outside the set is a mismatch',
    resolutions(ALL, answering(named('Wuhan Mobile'), ['203.0.113.10', ...HIJACKED])),
    MATCHED,
    expected('possible_hijack', { kind: 'node', nodeId: idOf('Wuhan Mobile') }, 'Wuhan Mobile'),
  ],
  [
    'another IPv6 address is a mismatch',
    resolutions(ALL, answering(named('Osaka'), ['2001:db8::11'])),
    MATCHED,
    expected('possible_hijack', { kind: 'node', nodeId: idOf('Osaka') }, 'Osaka'),
  ],
  [
    'China resolves elsewhere, abroad matches',
    resolutions(ALL, answering(china, HIJACKED)),
    MATCHED,
    expected('possible_hijack', { kind: 'region', scope: 'country', value: 'CN' }, ...ALL.filter(china).map((node) => node.name)),
  ],
  [
    'every node resolves elsewhere: the site changed its addresses',
    resolutions(ALL, () => HIJACKED),
    MATCHED,
    expected('site', { kind: 'site' }, ...ALL.map((node) => node.name)),
  ],
  [
    'all but a few stale resolvers: the site changed',
    resolutions(ALL, answering((node) => node.isp !== ISP_CODES.SOUTHEAST_ASIA, HIJACKED)),
    MATCHED,
    expected('site', { kind: 'site' }, ...ALL.filter((node) => node.isp !== ISP_CODES.SOUTHEAST_ASIA).map((node) => node.name)),
  ],
  ['a single-node task resolving elsewhere', resolutions(nodes('Tokyo'), () => HIJACKED), MATCHED, expected('site', { kind: 'site' }, 'Tokyo')],
  [
    'no-data nodes are left out: the rest all mismatch',
    resolutions(ALL, answering(china, null, () => HIJACKED)),
    MATCHED,
    expected('site', { kind: 'site' }, ...ALL.filter((node) => !china(node)).map((node) => node.name)),
  ],
  [
    'no-data nodes are left out: one province of the rest',
    resolutions(ALL, answering(named('Beijing Telecom', 'Tokyo'), null, answering(inProvinces('Shanghai'), HIJACKED))),
    MATCHED,
    expected('possible_hijack', { kind: 'region', scope: 'province', value: 'Shanghai' }, 'Shanghai Telecom', 'Shanghai Unicom', 'Shanghai Mobile'),
  ],
  [
    'scattered mismatches',
    resolutions(ALL, answering(named('Beijing Telecom', 'Chengdu Unicom', 'Tokyo'), HIJACKED)),
    MATCHED,
    expected('possible_hijack', { kind: 'scattered' }, 'Beijing Telecom', 'Chengdu Unicom', 'Tokyo'),
  ],
  ['every node fine but one without data', resolutions(ALL, answering(named('Bangkok'), null)), MATCHED, expected('none', { kind: 'none' })],
  [
    'an empty answer beside a mismatching one: the one with data decides',
    resolutions(nodes('Tokyo', 'Osaka'), (node) => (node.name === 'Tokyo' ? [] : HIJACKED)),
    MATCHED,
    expected('site', { kind: 'site' }, 'Osaka'),
  ],
];

describe('answers outside the matched set (classifyMismatch)', () => {
  it.each(rows)('%s', (_pattern, given, matched, finding) => {
    const result = classifyMismatch(given, matched);
    expect({ verdict: result.verdict, where: result.where }).toEqual({ verdict: finding.verdict, where: finding.where });
    expect(result.mismatched.map(({ nodeId }) => ALL.find((node) => node.nodeId === nodeId)?.name)).toEqual(finding.mismatchedNames);
  });

  it('reports what a mismatching node resolved and which of it is unexpected', () => {
    const given = resolutions(ALL, answering(named('Wuhan Mobile'), ['203.0.113.10', '2001:DB8::66', '198.51.100.66']));
    expect(classifyMismatch(given, MATCHED).mismatched).toEqual([
      { nodeId: idOf('Wuhan Mobile'), ips: ['203.0.113.10', '2001:DB8::66', '198.51.100.66'], unexpected: ['2001:DB8::66', '198.51.100.66'] },
    ]);
  });

  it('gives each node as a round outcome, for the map', () => {
    const answers: Record<string, string[] | null> = { Tokyo: HIJACKED, Osaka: null, Taipei: MATCHED };
    const given = resolutions(nodes('Tokyo', 'Osaka', 'Taipei'), (node) => answers[node.name] ?? null);
    expect(classifyMismatch(given, MATCHED).outcomes.map(({ name, state }) => [name, state])).toEqual([
      ['Tokyo', 'breach'],
      ['Osaka', 'no_data'],
      ['Taipei', 'ok'],
    ]);
  });
});
