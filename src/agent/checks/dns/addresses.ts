import { isIP } from 'node:net';
import { DnsFormatError } from './message.js';

export function ipv4ToBytes(text: string): Uint8Array {
  if (isIP(text) !== 4) throw new DnsFormatError(`not an IPv4 address: ${text}`);
  return Uint8Array.from(text.split('.').map(Number));
}

export function bytesToIpv4(bytes: Uint8Array): string {
  return Array.from(bytes).join('.');
}

function expandIpv6Groups(text: string): number[] {
  let body = text;
  const tail: number[] = [];
  const embeddedV4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (embeddedV4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4ToBytes(embeddedV4[1]);
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, -embeddedV4[1].length);
    if (body.endsWith(':') && !body.endsWith('::')) body = body.slice(0, -1);
  }
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [head = '', rest] = body.split('::');
  const left = parse(head);
  const right = [...parse(rest ?? ''), ...tail];
  if (rest === undefined) return [...left, ...tail];
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export function ipv6ToBytes(text: string): Uint8Array {
  if (isIP(text) !== 6) throw new DnsFormatError(`not an IPv6 address: ${text}`);
  const groups = expandIpv6Groups(text.toLowerCase());
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/** The RFC 5952 text of 16 address bytes: lower case, longest zero run (of two or more) as `::`. */
export function bytesToIpv6(bytes: Uint8Array): string {
  const groups = Array.from({ length: 8 }, (_, index) => ((bytes[index * 2] ?? 0) << 8) | (bytes[index * 2 + 1] ?? 0));
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; start++) {
    let length = 0;
    while (start + length < 8 && groups[start + length] === 0) length++;
    if (length > bestLength) [bestStart, bestLength] = [start, length];
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
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
