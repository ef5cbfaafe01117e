import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHECKS, type CheckRegistry } from '../../../src/agent/checks/registry.js';
import { ALERT_MODES } from '../../../src/shared/alerts/rule-fields.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { waitFor } from '../../agent/helpers/agent-harness.js';
import { startDnsServer, type DnsTestServer } from '../../agent/helpers/dns-server.js';
import { createEvalHarness, type EvalHarness, type LogRow } from './eval-harness.js';

const SLUGS = ['cn-beijing-telecom', 'cn-beijing-unicom', 'cn-shanghai-telecom', 'cn-shanghai-unicom'];
const HIJACKED = new Set(['cn-beijing-telecom', 'cn-beijing-unicom']);
const SITE_IP = '192.0.2.10';
const FORGED_IP = '198.51.100.66';

let harness: EvalHarness;
const servers: DnsTestServer[] = [];

beforeEach(async () => {
  harness = await createEvalHarness(SLUGS);
});
afterEach(async () => {
  await harness.close();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function resolverAnswering(address: string): Promise<DnsTestServer> {
  const server = await startDnsServer((query) => ({
    answers: query.message.questions.map((question) => ({ type: 'A' as const, name: question.name, ttl: 60, address })),
  }));
  servers.push(server);
  return server;
}

/** The agent's own checks, with its DNS queries going to the given resolver (a hijacked one, for some nodes). */
function resolvingThrough(server: DnsTestServer): CheckRegistry {
  const dns = CHECKS[5];
  return { ...CHECKS, 5: { ...dns, run: (options, ctx) => dns.run({ ...options, servers: [server.address] }, ctx) } };
}

describe('IP-not-matched rule with real agents', () => {
  it('calls answers outside the matched set in one province a possible hijack, naming the nodes, their ISP, province and IPs', async () => {
    const honest = await resolverAnswering(SITE_IP);
    const forged = await resolverAnswering(FORGED_IP);
    const nodeIds = SLUGS.map((slug) => harness.nodes.get(slug)?.id ?? 0);
    const task = await harness.task({
      type: MONITOR_TYPES.DNS,
      domain: 'shop.example.com',
      protocol: 'A',
      dnsServers: [honest.address],
      matchingIps: [SITE_IP],
      nodeIds,
    });
    for (const slug of SLUGS) harness.agent(slug, HIJACKED.has(slug) ? resolvingThrough(forged) : CHECKS);
    await waitFor('results from every agent', async () => {
      const rows = await harness.server.db.selectFrom('results').select('node_id').distinct().where('task_id', '=', task.id).execute();
      return rows.length === SLUGS.length;
    });
    // A cooldown of one round: every round says where, as a round of its own. A round a node's
    // check missed (it started late, in the next round, as on a busy machine) is judged on the
    // nodes with data and may say less; the rounds every agent checked in name both hijacked nodes.
    const rule = { name: 'Hijack watch', monitorType: MONITOR_TYPES.DNS, mode: ALERT_MODES.IP_NOT_MATCHED, condition: 'eq', sensitivity: 1, cooldownMinutes: 1 };
    await harness.rule(rule, [task.id]);

    const expected = await harness.server.db.selectFrom('nodes').select(['id', 'isp', 'province']).where('slug', 'in', [...HIJACKED]).orderBy('id').execute();
    const namedBy = (row: LogRow) => row.nodes.map((node) => ({ id: node.nodeId, isp: node.isp, province: node.province })).sort((a, b) => a.id - b.id);
    const namesBoth = (row: LogRow) => row.verdict === 'possible_hijack' && namedBy(row).length === expected.length;
    const rows = await harness.waitForLog('a message naming both hijacked nodes', task.id, (logs) => logs.some(namesBoth));
    expect(rows[0]?.event).toBe('fire');
    for (const row of rows) expect(row.nodes.every((node) => expected.some((hijacked) => hijacked.id === node.nodeId))).toBe(true);
    const full = rows.find(namesBoth);
    expect(full?.outbox).toBe(1);
    expect(full && namedBy(full)).toEqual(expected);
    expect(JSON.stringify(full?.content)).toContain(FORGED_IP);
  }, 90_000);
});
