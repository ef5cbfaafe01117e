import { isIP } from 'node:net';
import { roundMs } from '../clock.js';
import { sameAddress } from '../../../shared/ip.js';

/** Pure reader of `traceroute -n` output (recorded samples in tests/agent/fixtures/traceroute). */

export interface ParsedHop {
  ttl: number;
  /** The first address that answered at this TTL; null when none did. */
  address: string | null;
  /** One entry per probe, null for a probe that got no answer (`*`). */
  rttMs: (number | null)[];
  lossPercent: number;
  /** traceroute's `!H`, `!N`, `!P`, `!X`… marks: the answer was an ICMP error, not a reply. */
  annotations: string[];
}

export interface ParsedTrace {
  hops: ParsedHop[];
  /** Whether the last hop is the target itself. */
  reached: boolean;
}

const HOP_LINE = /^\s*(\d+)\s+(.*)$/;
const RTT = /^\d+(?:\.\d+)?$/;

function hopOf(ttl: number, body: string): ParsedHop {
  const tokens = body.trim().split(/\s+/);
  const hop: ParsedHop = { ttl, address: null, rttMs: [], lossPercent: 0, annotations: [] };
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    if (token === '*') hop.rttMs.push(null);
    else if (token.startsWith('!')) hop.annotations.push(token);
    else if (isIP(token)) hop.address ??= token;
    else if (RTT.test(token) && tokens[index + 1] === 'ms') {
      hop.rttMs.push(roundMs(Number(token)));
      index += 1;
    }
  }
  const lost = hop.rttMs.filter((rtt) => rtt === null).length;
  hop.lossPercent = hop.rttMs.length === 0 ? 100 : Math.round((lost / hop.rttMs.length) * 100_000) / 1000;
  return hop;
}

/** Parses the hop lines; the header (`traceroute to …`) and anything else is skipped. */
export function parseTracerouteOutput(stdout: string, targetIp: string): ParsedTrace {
  const hops: ParsedHop[] = [];
  for (const line of stdout.split('\n')) {
    const match = HOP_LINE.exec(line);
    if (!match?.[1] || match[2] === undefined) continue;
    hops.push(hopOf(Number(match[1]), match[2]));
  }
  const last = hops.at(-1);
  const reached = last !== undefined && last.address !== null && sameAddress(last.address, targetIp);
  return { hops, reached };
}
