import { describe, expect, it } from 'vitest';
import { phaseBreakdownOf } from '../../../src/client/features/detail/phase-timings.js';

describe('HTTP phase breakdown', () => {
  it('stacks DNS, connect, TLS and time to first byte, and the rest of the total after them', () => {
    const { segments, totalMs } = phaseBreakdownOf({ dnsMs: 10, connectMs: 20, tlsMs: 30, ttfbMs: 40, totalMs: 200 });
    expect(totalMs).toBe(200);
    expect(segments.map((segment) => [segment.phase, segment.ms, segment.fraction])).toEqual([
      ['dns', 10, 0.05],
      ['connect', 20, 0.1],
      ['tls', 30, 0.15],
      ['ttfb', 40, 0.2],
      ['rest', 100, 0.5],
    ]);
  });

  it('leaves out what was not measured (no TLS over HTTP, nothing after a failed connect)', () => {
    expect(phaseBreakdownOf({ dnsMs: 5, connectMs: 15, tlsMs: null, ttfbMs: 30, totalMs: 50 }).segments.map((segment) => segment.phase)).toEqual([
      'dns',
      'connect',
      'ttfb',
    ]);
    expect(phaseBreakdownOf({ dnsMs: 4, connectMs: null, tlsMs: null, ttfbMs: null, totalMs: 3000 }).segments.map((segment) => segment.phase)).toEqual(['dns', 'rest']);
    expect(phaseBreakdownOf({ dnsMs: null, connectMs: null, tlsMs: null, ttfbMs: null, totalMs: null })).toEqual({ segments: [], totalMs: null });
  });

  it('fills the bar with the phases when the total is missing', () => {
    const { segments, totalMs } = phaseBreakdownOf({ dnsMs: 1, connectMs: 3, tlsMs: null, ttfbMs: null, totalMs: null });
    expect(totalMs).toBe(4);
    expect(segments.reduce((sum, segment) => sum + segment.fraction, 0)).toBeCloseTo(1);
  });
});
