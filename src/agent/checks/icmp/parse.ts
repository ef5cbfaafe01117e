import { roundMs } from '../clock.js';

const roundPercent = (percent: number): number => Math.round(percent * 1000) / 1000;

/** Pure readers of fping's and ping's output (recorded samples in tests/agent/fixtures/icmp). */

export interface EchoStats {
  sent: number;
  received: number;
  lossPercent: number;
  minMs: number | null;
  avgMs: number | null;
  maxMs: number | null;
}

const FPING_LINE = /^(\S+)\s+:\s+(.+)$/;
const FPING_VALUE = /^(?:-|\d+(?:\.\d+)?)$/;

export interface FpingOutput {
  /** Each target's round-trip times in sending order, null for a lost packet. */
  rtts: Map<string, (number | null)[]>;
  /** Lines of another shape: warnings and errors, for a failure's detail. */
  otherLines: string[];
}

function fpingRttsOf(line: string): { target: string; rtts: (number | null)[] } | null {
  const match = FPING_LINE.exec(line);
  if (!match?.[1] || !match[2]) return null;
  const values = match[2].trim().split(/\s+/);
  if (!values.every((value) => FPING_VALUE.test(value))) return null;
  return { target: match[1], rtts: values.map((value) => (value === '-' ? null : Number(value))) };
}

/** fping -C -q writes one line per target on stderr, `127.0.0.1 : 0.047 0.054 -` (`-`: lost). */
export function parseFpingOutput(stderr: string): FpingOutput {
  const output: FpingOutput = { rtts: new Map(), otherLines: [] };
  for (const raw of stderr.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const parsed = fpingRttsOf(line);
    if (!parsed) output.otherLines.push(line);
    else if (!output.rtts.has(parsed.target)) output.rtts.set(parsed.target, parsed.rtts);
  }
  return output;
}

/** Sent, received, loss and min/avg/max from a target's round-trip times. */
export function echoStatsOf(rtts: readonly (number | null)[]): EchoStats {
  const replies = rtts.filter((rtt): rtt is number => rtt !== null);
  const sent = rtts.length;
  const received = replies.length;
  const lossPercent = sent === 0 ? 100 : roundPercent(((sent - received) / sent) * 100);
  if (received === 0) return { sent, received, lossPercent, minMs: null, avgMs: null, maxMs: null };
  const total = replies.reduce((sum, rtt) => sum + rtt, 0);
  return {
    sent,
    received,
    lossPercent,
    minMs: roundMs(Math.min(...replies)),
    avgMs: roundMs(total / received),
    maxMs: roundMs(Math.max(...replies)),
  };
}

export interface PingSummary extends EchoStats {
  /** ICMP errors (destination unreachable and the like) the target's network answered with. */
  errors: number;
}

const PING_COUNTS =
  /(\d+) packets transmitted, (\d+) (?:packets )?received(?:, \+\d+ duplicates)?(?:, \+(\d+) errors)?(?:, \+\d+ duplicates)?, ([\d.]+)% packet loss/;
const PING_RTT = /(?:rtt|round-trip) min\/avg\/max(?:\/(?:mdev|stddev))? = ([\d.]+)\/([\d.]+)\/([\d.]+)/;

/** Reads ping's closing summary; null when there is none (unknown host, tool error). */
export function parsePingOutput(stdout: string): PingSummary | null {
  const counts = PING_COUNTS.exec(stdout);
  if (!counts) return null;
  const sent = Number(counts[1]);
  const received = Number(counts[2]);
  const errors = Number(counts[3] ?? 0);
  const lossPercent = Number(counts[4]);
  const rtt = PING_RTT.exec(stdout);
  const msOf = (value: string | undefined): number | null => (rtt && value !== undefined ? roundMs(Number(value)) : null);
  return { sent, received, errors, lossPercent, minMs: msOf(rtt?.[1]), avgMs: msOf(rtt?.[2]), maxMs: msOf(rtt?.[3]) };
}
