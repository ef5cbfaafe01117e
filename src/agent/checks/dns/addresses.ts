import { isIP } from 'node:net';
import { parseIpv4, parseIpv6 } from '../../../shared/ip.js';
import { DnsFormatError } from './message.js';

export { formatIpv4 as bytesToIpv4, formatIpv6 as bytesToIpv6 } from '../../../shared/ip.js';

/** The bytes of an A record's address; a DnsFormatError when the text is not an IPv4 address. */
export function ipv4ToBytes(text: string): Uint8Array {
  const bytes = parseIpv4(text);
  if (!bytes) throw new DnsFormatError(`not an IPv4 address: ${text}`);
  return bytes;
}

/** The bytes of an AAAA record's address; a DnsFormatError when the text is not an IPv6 address. */
export function ipv6ToBytes(text: string): Uint8Array {
  const bytes = parseIpv6(text);
  if (!bytes) throw new DnsFormatError(`not an IPv6 address: ${text}`);
  return bytes;
}

export interface ServerAddress {
  host: string;
  port: number;
  /** `host:port`, IPv6 in brackets: how results name the server. */
  label: string;
}

const DNS_PORT = 53;

function portOf(text: string | undefined): number | null {
  if (text === undefined) return DNS_PORT;
  if (!/^\d{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : null;
}

/** Reads `ip`, `ip:port`, `[ipv6]` or `[ipv6]:port` (a bare IPv6 address too); null when it is none of them. */
export function parseServerAddress(text: string): ServerAddress | null {
  const trimmed = text.trim();
  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(trimmed);
  if (bracketed?.[1]) {
    [host, portText] = [bracketed[1], bracketed[2]];
  } else if (isIP(trimmed) === 6) {
    host = trimmed;
  } else {
    const colon = trimmed.lastIndexOf(':');
    [host, portText] = colon < 0 ? [trimmed, undefined] : [trimmed.slice(0, colon), trimmed.slice(colon + 1)];
  }
  const port = portOf(portText);
  const family = isIP(host);
  if (port === null || family === 0 || (bracketed && family !== 6)) return null;
  return { host, port, label: family === 6 ? `[${host}]:${port}` : `${host}:${port}` };
}
