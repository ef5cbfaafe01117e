import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailBreakdownAnswer } from '../../../src/shared/calls/domain-detail-answers.js';
import { ISP_CODES, MONITOR_TYPES } from '../../../src/shared/codes.js';
import { MINUTE, detailFixture, dnsCheck, type DetailFixture, type NodeName } from './detail-helpers.js';

/*
 * The detail map's DNS finding: each node's latest answer in the range (its newest check in the
 * range's last two periods) against the task's matched set, judged by classifyMismatch.
 */
const MATCHED = '198.51.100.10';
const FORGED = '203.0.113.66';
const NODES: NodeName[] = ['beijingTelecom', 'guangzhouTelecom', 'beijingUnicom', 'singapore'];

describe('task detail map: who resolves outside the matched IPs', () => {
  let f: DetailFixture;
  const dnsTask = (name: string, fields: { matchingIps?: string[]; matchedIpGroupId?: number } = { matchingIps: [MATCHED] }) =>
    f.task({ type: MONITOR_TYPES.DNS, name, domain: 'shop.example.com', frequencyMinutes: 1, dnsServers: ['192.0.2.53'], ...fields, nodes: NODES });
  const answerOf = (id: number, nodeName: NodeName, ips: string[], minutesAgo = 1) => f.ingest(nodeName, id, [dnsCheck(f.now - minutesAgo * MINUTE, ips)]);
  const breakdown = async (id: number) => {
    const answer = await f.call('/domain/detail/breakdown', { id, range: { hours: 1 } });
    expect(answer.code).toBe(200);
    return DetailBreakdownAnswer.parse(answer.data);
  };

  beforeAll(async () => {
    f = await detailFixture();
  }, 60_000);
  afterAll(async () => {
    await f.close();
  });

  it('calls forged answers of one carrier in two provinces a possible hijack, naming the carrier, provinces, nodes and addresses', async () => {
    const id = await dnsTask('Hijacked');
    await answerOf(id, 'beijingTelecom', [FORGED]);
    await answerOf(id, 'guangzhouTelecom', [FORGED, MATCHED]);
    // Unicom's older answer left the set; its latest is back inside.
    await answerOf(id, 'beijingUnicom', [FORGED], 10);
    await answerOf(id, 'beijingUnicom', [MATCHED]);
    await answerOf(id, 'singapore', [MATCHED]);
    const answer = await breakdown(id);
    expect(answer.ipFinding?.verdict).toBe('possible_hijack');
    expect(answer.ipFinding?.where).toMatchObject({ kind: 'carrier', isp: ISP_CODES.TELECOM });
    expect(answer.ipFinding?.matchedIps).toEqual([MATCHED]);
    expect(answer.ipFinding?.mismatched).toEqual([
      { nodeId: f.node.beijingTelecom, ips: [FORGED], unexpected: [FORGED] },
      { nodeId: f.node.guangzhouTelecom, ips: [FORGED, MATCHED], unexpected: [FORGED] },
    ].sort((a, b) => a.nodeId - b.nodeId));
    const node = (name: NodeName) => answer.nodes.find((candidate) => candidate.nodeId === f.node[name]);
    expect(node('beijingTelecom')).toMatchObject({ resolvedIps: [FORGED], ipMatched: false });
    expect(node('beijingUnicom')).toMatchObject({ resolvedIps: [MATCHED], ipMatched: true });
  });

  it("says the site's addresses changed when every node resolves outside the set, and ignores an answer older than two periods", async () => {
    const id = await dnsTask('Moved');
    for (const name of ['beijingTelecom', 'guangzhouTelecom', 'beijingUnicom'] as const) await answerOf(id, name, [FORGED]);
    await answerOf(id, 'singapore', [MATCHED], 30);
    const answer = await breakdown(id);
    expect(answer.ipFinding).toMatchObject({ verdict: 'site', where: { kind: 'site' } });
    expect(answer.ipFinding?.mismatched).toHaveLength(3);
    expect(answer.nodes.find((node) => node.nodeId === f.node.singapore)).toMatchObject({ resolvedIps: [], ipMatched: null });
  });

  it('judges against a matched-IP group, and has no finding for a task without a matched set', async () => {
    const group = await f.call('/domain_group/addr', { name: 'Shop addresses', ips: [FORGED, MATCHED] });
    expect(group.code).toBe(200);
    const grouped = await dnsTask('Grouped', { matchedIpGroupId: group.data.id as number });
    const plain = await dnsTask('Plain', {});
    for (const name of NODES) {
      await answerOf(grouped, name, [FORGED]);
      await answerOf(plain, name, [FORGED]);
    }
    expect((await breakdown(grouped)).ipFinding).toMatchObject({ verdict: 'none', mismatched: [], matchedIps: [FORGED, MATCHED] });
    const answer = await breakdown(plain);
    expect(answer.ipFinding).toBeNull();
    expect(answer.nodes.find((node) => node.nodeId === f.node.beijingTelecom)?.resolvedIps).toEqual([FORGED]);
  });

  it("keeps another customer's task out of reach", async () => {
    const id = await dnsTask('Private');
    await answerOf(id, 'beijingTelecom', [FORGED]);
    const answer = await f.call('/domain/detail/breakdown', { id, range: { hours: 1 } }, f.otherToken);
    expect(answer.code).toBe(2127);
    expect(answer.body).not.toContain(FORGED);
  });
});
