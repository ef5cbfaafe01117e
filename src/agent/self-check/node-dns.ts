import type { SelfCheck } from '../../shared/calls/agent.js';
import { MONITOR_TYPES } from '../../shared/codes.js';
import { DnsOptions } from '../../shared/probe/options.js';
import type { CheckRegistry } from '../checks/registry.js';

export type NodeDnsOutcome = Pick<SelfCheck, 'nodeDnsOk' | 'nodeDnsMs'>;

const NODE_DNS_TIMEOUT_MS = 3_000;
const SKIPPED: NodeDnsOutcome = { nodeDnsOk: null, nodeDnsMs: null };

/**
 * Asks the node's DNS server for the root zone's NS records with the agent's own DNS client. Every
 * recursive resolver answers that, in any country, and it depends on no one site being up; the
 * Vigil server's own name is not asked because it may be known only to a private resolver.
 * The server is the node's own (its operator's choice), so private addresses are allowed here.
 */
export async function checkNodeDns(registry: CheckRegistry, dnsServer: string | null): Promise<NodeDnsOutcome> {
  if (dnsServer === null) return SKIPPED;
  try {
    // Inside the try: a server the options refuse (a bad port) is a failed step, not a lost heartbeat.
    const options = DnsOptions.parse({ type: MONITOR_TYPES.DNS, host: '.', recordType: 'NS', servers: [dnsServer], timeoutMs: NODE_DNS_TIMEOUT_MS });
    const result = await registry[MONITOR_TYPES.DNS].run(options, { allowPrivateTargets: true, matchingIps: [] });
    return { nodeDnsOk: result.ok, nodeDnsMs: result.ok ? (result.details?.resolutionMs ?? null) : null };
  } catch {
    return { nodeDnsOk: false, nodeDnsMs: null };
  }
}
