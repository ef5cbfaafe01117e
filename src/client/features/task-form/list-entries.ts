import { dnsServerRule, tagNameRule, validate } from '../../../shared/index.js';
import type { FormError } from './form-body.js';

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
