import { isIP } from 'node:net';
import type { AgentRegisterAnswer } from '../../shared/calls/agent.js';

/** What the self-check looks at beyond the agent's own machine. */
export interface SelfCheckPlan {
  /** The node's DNS server (`ip` or `ip:port`); null or absent skips the node DNS step. */
  dnsServer?: string | null;
  /** Where the reference connects go; null or absent skips them. */
  reference?: ReferenceTarget | null;
}

export interface ReferenceTarget {
  host: string;
  port: number;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

/**
 * The reference target is the Vigil server as this agent reaches it: the host and port of its
 * server URL. That path is the one every result travels, it exists on every node (no extra
 * configuration, no Internet needed for the Local node), and the server need not know it.
 */
export function referenceTargetOf(serverUrl: string): ReferenceTarget | null {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return null;
  }
  const port = url.port === '' ? DEFAULT_PORTS[url.protocol] : Number(url.port);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (port === undefined || host === '') return null;
  return { host, port };
}

/** `host:port`, an IPv6 address in brackets. */
export function referenceLabel(target: ReferenceTarget): string {
  return isIP(target.host) === 6 ? `[${target.host}]:${target.port}` : `${target.host}:${target.port}`;
}

/** The self-check plan of a registered agent: its node's DNS server and its server's address. */
export function selfCheckPlanOf(serverUrl: string, registered: Pick<AgentRegisterAnswer, 'dnsServer'>): SelfCheckPlan {
  const dnsServer = registered.dnsServer?.trim();
  return { dnsServer: dnsServer ? dnsServer : null, reference: referenceTargetOf(serverUrl) };
}
