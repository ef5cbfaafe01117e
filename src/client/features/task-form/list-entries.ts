import { dnsServerRule, tagNameRule, validate } from '../../../shared/index.js';
import type { FormError } from './form-body.js';

/** Public resolvers offered with one click; any other `ip` or `ip:port` can be typed. */
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

export type EntryResult = { ok: true; list: string[] } | { ok: false; error: FormError };

function withEntry(list: readonly string[], text: string, rule: typeof dnsServerRule | typeof tagNameRule): EntryResult {
  const entry = text.trim();
  if (entry === '' || list.includes(entry)) return { ok: true, list: [...list] };
  const checked = validate(rule, entry);
  if (!checked.ok) {
    const first = checked.errors[0];
    return { ok: false, error: { code: first?.code ?? 10010004, params: { ...first?.params, entry } } };
  }
  return { ok: true, list: [...list, entry] };
}

/** Adds a typed DNS server (`ip` or `ip:port`, as the shared schema checks it); blank or repeated text changes nothing. */
export function withDnsServer(servers: readonly string[], text: string): EntryResult {
  return withEntry(servers, text, dnsServerRule);
}

/** Adds a typed tag (at most 50 characters); blank or repeated text changes nothing. */
export function withTag(tags: readonly string[], text: string): EntryResult {
  return withEntry(tags, text, tagNameRule);
}

export function without(list: readonly string[], entry: string): string[] {
  return list.filter((other) => other !== entry);
}
