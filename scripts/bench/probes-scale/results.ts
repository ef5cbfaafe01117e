// Results shaped as the agent's check modules report them (same fields, typical sizes), with
// latencies and failures drawn from a seeded generator so runs are comparable.
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import type { CheckResult } from '../../../src/shared/probe/results.js';
import type { MixedTaskType } from './store.js';

/** A small deterministic generator (mulberry32): same seed, same results. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** About 2 % of checks fail, the rest take a latency around 20-80 ms with a long tail. */
const FAILURE_RATE = 0.02;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

function latency(random: () => number): number {
  const base = 20 + random() * 60;
  return round3(random() < 0.05 ? base * (2 + random() * 8) : base);
}

const certificate = {
  subject: 'CN=site.example.com',
  issuer: 'C=US, O=Let\'s Encrypt, CN=R11',
  validFrom: '2026-01-10T00:00:00.000Z',
  validTo: '2026-04-10T23:59:59.000Z',
  daysLeft: 40,
  fingerprint256: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89',
};

function common(ok: boolean, ts: number, durationMs: number, ip: string) {
  return {
    ok,
    startedAt: new Date(ts).toISOString(),
    durationMs,
    resolvedIps: ok ? [ip] : [],
    ipMatched: null,
  };
}

function icmp(ok: boolean, ts: number, ms: number, ip: string): CheckResult {
  const details = ok
    ? { ip, sent: 4, received: 4, lossPercent: 0, minMs: round3(ms * 0.9), avgMs: ms, maxMs: round3(ms * 1.2) }
    : { ip, sent: 4, received: 0, lossPercent: 100, minMs: null, avgMs: null, maxMs: null };
  const failure = ok ? null : { source: 'target' as const, code: 'packet_loss' as const };
  return { type: MONITOR_TYPES.ICMP, ...common(ok, ts, round3(ms * 4), ip), resolvedIps: [ip], failure, details };
}

function tcp(ok: boolean, ts: number, ms: number, ip: string): CheckResult {
  const failure = ok ? null : { source: 'target' as const, code: 'timeout' as const, detail: 'connect timed out after 5000 ms' };
  return { type: MONITOR_TYPES.TCP, ...common(ok, ts, ok ? ms : 5000, ip), resolvedIps: [ip], failure, details: { ip, port: 443, connectMs: ok ? ms : null } };
}

function http(type: typeof MONITOR_TYPES.HTTP | typeof MONITOR_TYPES.HTTPS, ok: boolean, ts: number, ms: number, ip: string): CheckResult {
  const secure = type === MONITOR_TYPES.HTTPS;
  const timings = ok
    ? { dnsMs: round3(ms * 0.05), connectMs: round3(ms * 0.15), tlsMs: secure ? round3(ms * 0.3) : null, ttfbMs: round3(ms * 0.85), totalMs: ms }
    : { dnsMs: round3(ms * 0.05), connectMs: null, tlsMs: null, ttfbMs: null, totalMs: null };
  const details = {
    ip: ok ? ip : null,
    statusCode: ok ? 200 : ('000' as const),
    timings,
    bodyBytes: ok ? 14_872 : 0,
    redirects: 0,
    finalUrl: `${secure ? 'https' : 'http'}://site.example.com/`,
    certificate: secure && ok ? certificate : null,
    tlsAuthorized: secure ? ok : null,
    tlsAuthorizationError: null,
  };
  const failure = ok ? null : { source: 'target' as const, code: 'unreachable' as const, detail: 'connect ECONNREFUSED' };
  return { type, ...common(ok, ts, ok ? ms : 10_000, ip), failure, details };
}

function dns(ok: boolean, ts: number, ms: number, ip: string): CheckResult {
  const answers = ok ? [{ name: 'site.example.com', type: 'A', ttl: 300, data: ip }] : [];
  const details = { server: '8.8.8.8', recordType: 'A', rcode: ok ? 'NOERROR' : 'SERVFAIL', answers, resolutionMs: ok ? ms : null };
  const failure = ok ? null : { source: 'resolver' as const, code: 'dns_servfail' as const };
  return { type: MONITOR_TYPES.DNS, ...common(ok, ts, ms, ip), failure, details };
}

/** One result of a task of `type`, started at `ts`. */
export function resultOf(type: MixedTaskType, ts: number, random: () => number): CheckResult {
  const ok = random() >= FAILURE_RATE;
  const ms = latency(random);
  const ip = `203.0.113.${1 + Math.floor(random() * 250)}`;
  switch (type) {
    case MONITOR_TYPES.ICMP:
      return icmp(ok, ts, ms, ip);
    case MONITOR_TYPES.TCP:
      return tcp(ok, ts, ms, ip);
    case MONITOR_TYPES.HTTP:
    case MONITOR_TYPES.HTTPS:
      return http(type, ok, ts, ms, ip);
    case MONITOR_TYPES.DNS:
      return dns(ok, ts, ms, ip);
  }
}
