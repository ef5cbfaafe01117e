/**
 * Public resolvers offered with one click on the task form and accepted by name in an import's
 * DNS servers cell (the provider, any case); any other `ip` or `ip:port` can be given too.
 */
export const WELL_KNOWN_DNS_SERVERS: readonly { address: string; provider: string }[] = [
  { address: '8.8.8.8', provider: 'Google' },
  { address: '1.1.1.1', provider: 'Cloudflare' },
  { address: '9.9.9.9', provider: 'Quad9' },
  { address: '168.95.1.1', provider: 'HiNet' },
  { address: '101.101.101.101', provider: 'Quad101' },
  { address: '114.114.114.114', provider: '114DNS' },
  { address: '223.5.5.5', provider: 'AliDNS' },
  { address: '119.29.29.29', provider: 'DNSPod' },
];

/** The address of a provider named as WELL_KNOWN_DNS_SERVERS names it (any case); undefined otherwise. */
export function wellKnownDnsServerOf(provider: string): string | undefined {
  const wanted = provider.trim().toLowerCase();
  return WELL_KNOWN_DNS_SERVERS.find((server) => server.provider.toLowerCase() === wanted)?.address;
}
