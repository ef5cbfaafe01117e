import { roundMs } from '../clock.js';

/**
 * Pure reader of `mtr --json` (recorded samples in tests/agent/fixtures/mtr): report.hubs[] with
 * count (the TTL), host ("???" when nothing answered), "Loss%", Snt, Last, Avg, Best, Wrst, StDev.
 * Older mtr versions write some numbers as strings; both are read.
 */

export interface ParsedMtrHop {
  ttl: number;
  host: string | null;
  lossPercent: number;
  sent: number;
  lastMs: number | null;
  avgMs: number | null;
  bestMs: number | null;
  worstMs: number | null;
  stdevMs: number | null;
}

const NO_ANSWER_HOST = '???';

function numberOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

function hopOf(hub: unknown): ParsedMtrHop | null {
  if (typeof hub !== 'object' || hub === null) return null;
  const fields = hub as Record<string, unknown>;
  const ttl = numberOf(fields.count);
  const lossPercent = numberOf(fields['Loss%']);
  const sent = numberOf(fields.Snt);
  if (ttl === null || lossPercent === null || sent === null) return null;
  const host = typeof fields.host === 'string' && fields.host !== NO_ANSWER_HOST ? fields.host : null;
  // mtr writes 0.0 for the times of a hop that never answered; those are unknown, not zero.
  const answered = host !== null && lossPercent < 100;
  const msOf = (value: unknown): number | null => {
    const ms = answered ? numberOf(value) : null;
    return ms === null || ms < 0 ? null : roundMs(ms);
  };
  return {
    ttl: Math.trunc(ttl),
    host,
    lossPercent,
    sent: Math.trunc(sent),
    lastMs: msOf(fields.Last),
    avgMs: msOf(fields.Avg),
    bestMs: msOf(fields.Best),
    worstMs: msOf(fields.Wrst),
    stdevMs: msOf(fields.StDev),
  };
}

function hubsOf(stdout: string): unknown[] | null {
  try {
    const report = (JSON.parse(stdout) as { report?: { hubs?: unknown } } | null)?.report;
    return Array.isArray(report?.hubs) ? report.hubs : null;
  } catch {
    return null;
  }
}

/** The hops of an mtr JSON report; null when the output is not one. */
export function parseMtrOutput(stdout: string): ParsedMtrHop[] | null {
  const hubs = hubsOf(stdout);
  if (!hubs) return null;
  const hops = hubs.map(hopOf);
  return hops.every((hop): hop is ParsedMtrHop => hop !== null) ? hops : null;
}
