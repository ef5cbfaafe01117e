/** The phases of one HTTP(S) check, as the agent measures them: each its own duration in ms. */
export interface PhaseTimings {
  dnsMs: number | null;
  connectMs: number | null;
  tlsMs: number | null;
  ttfbMs: number | null;
  totalMs: number | null;
}

/** `rest` is what the total holds beyond the measured phases: reading the body and any redirects. */
export const PHASES = ['dns', 'connect', 'tls', 'ttfb', 'rest'] as const;
export type Phase = (typeof PHASES)[number];

export interface PhaseSegment {
  phase: Phase;
  ms: number;
  /** Share of the bar, 0-1. */
  fraction: number;
}

export interface PhaseBreakdown {
  segments: PhaseSegment[];
  /** The check's total; the sum of the phases when the total is missing; null when nothing was measured. */
  totalMs: number | null;
}

const measured = (value: number | null): value is number => value !== null && Number.isFinite(value) && value >= 0;

/**
 * The stacked bar of a check's phases. Phases not measured (TLS over plain HTTP, everything after a
 * failed connect) are left out rather than drawn as zero.
 */
export function phaseBreakdownOf(timings: PhaseTimings): PhaseBreakdown {
  const parts: { phase: Phase; ms: number }[] = [];
  const known: [Phase, number | null][] = [
    ['dns', timings.dnsMs],
    ['connect', timings.connectMs],
    ['tls', timings.tlsMs],
    ['ttfb', timings.ttfbMs],
  ];
  for (const [phase, ms] of known) if (measured(ms)) parts.push({ phase, ms });
  const sum = parts.reduce((total, part) => total + part.ms, 0);
  const total = measured(timings.totalMs) ? timings.totalMs : null;
  if (total !== null && total - sum > 0.5) parts.push({ phase: 'rest', ms: total - sum });
  const width = Math.max(total ?? 0, sum);
  if (parts.length === 0) return { segments: [], totalMs: total };
  return {
    segments: parts.map((part) => ({ ...part, fraction: width > 0 ? part.ms / width : 1 / parts.length })),
    totalMs: total ?? sum,
  };
}
