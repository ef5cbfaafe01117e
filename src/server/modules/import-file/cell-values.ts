import { ENABLE_STATUS, type EnableStatus } from '../../../shared/codes.js';
import { LANGUAGES } from '../../../shared/constants.js';
import { importEnabledTextKeys, importListOf } from '../../../shared/import/template.js';
import { wellKnownDnsServerOf } from '../../../shared/probe/well-known-dns.js';
import { importText } from './texts.js';

/**
 * Cell texts → the values the create schemas take. What cannot be read is passed on as written,
 * so the shared schema answers the code the form would (a port "abc" is a wrong type).
 */

const WHOLE_NUMBER = /^\d+(\.0+)?$/;

/** Empty → undefined (the schema says "required"); a whole number → that number; else the text. */
export function numberOf(text: string): number | string | undefined {
  if (text === '') return undefined;
  return WHOLE_NUMBER.test(text) ? Number(text) : text;
}

/** The port: empty is no port (null), the default of HTTP/HTTPS and 2130 for TCP. */
export function portOf(text: string): number | string | null {
  return numberOf(text) ?? null;
}

/** List cells without repeats. */
export const distinctListOf = (text: string) => [...new Set(importListOf(text))];

/** A DNS server: `ip`, `ip:port`, or a well-known provider's name (Google, HiNet, …). */
export const dnsServersOf = (text: string) => [...new Set(importListOf(text).map((entry) => wellKnownDnsServerOf(entry) ?? entry))];

let enabledWords: Map<string, EnableStatus> | undefined;

function enabledWordsMap(): Map<string, EnableStatus> {
  if (enabledWords) return enabledWords;
  const words = new Map<string, EnableStatus>();
  for (const language of LANGUAGES) {
    words.set(importText(language, importEnabledTextKeys.yes).toLowerCase(), ENABLE_STATUS.ENABLED);
    words.set(importText(language, importEnabledTextKeys.no).toLowerCase(), ENABLE_STATUS.DISABLED);
  }
  for (const word of ['1', 'true', 'y', 'yes']) words.set(word, ENABLE_STATUS.ENABLED);
  for (const word of ['2', 'false', 'n', 'no']) words.set(word, ENABLE_STATUS.DISABLED);
  enabledWords = words;
  return words;
}

/** The enabled cell: yes/no in any language, 1/2, true/false, y/n; empty is enabled; undefined when unreadable. */
export function enableStatusOf(text: string): EnableStatus | undefined {
  if (text === '') return ENABLE_STATUS.ENABLED;
  return enabledWordsMap().get(text.toLowerCase());
}

/** A record type as written in any case; empty leaves the default (A). */
export const recordTypeOf = (text: string) => (text === '' ? undefined : text.toUpperCase());
