import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fpingArgs, pingArgs } from '../../../src/agent/checks/icmp/args.js';
import { echoStatsOf, parseFpingOutput, parsePingOutput } from '../../../src/agent/checks/icmp/parse.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/icmp/${name}`, import.meta.url), 'utf8');

describe('ICMP command lines', () => {
  it('ask one fping for every target at once', () => {
    expect(fpingArgs({ count: 4, timeoutMs: 3000 }, ['192.0.2.1', '2001:db8::1'])).toEqual([
      '-C', '4', '-q', '-t', '3000', '-p', '200', '-i', '0', '192.0.2.1', '2001:db8::1',
    ]);
  });

  it('fall back to one ping per target with whole-second waits', () => {
    expect(pingArgs({ count: 3, timeoutMs: 2500 }, '192.0.2.1')).toEqual(['-c', '3', '-W', '3', '-i', '0.2', '-n', '192.0.2.1']);
    expect(pingArgs({ count: 1, timeoutMs: 100 }, '::1')).toEqual(['-c', '1', '-W', '1', '-i', '0.2', '-n', '::1']);
  });
});

describe('fping output', () => {
  it('gives each target its round-trip times (recorded: IPv4 and IPv6 alive)', () => {
    const { rtts, otherLines } = parseFpingOutput(fixture('fping-alive.txt'));
    expect([...rtts.keys()]).toEqual(['127.0.0.1', '::1', '127.0.0.2']);
    for (const times of rtts.values()) {
      expect(times).toHaveLength(3);
      expect(times.every((rtt) => typeof rtt === 'number' && rtt >= 0)).toBe(true);
    }
    expect(otherLines).toEqual([]);
  });

  it('marks lost packets (recorded: a target that never answers)', () => {
    const { rtts } = parseFpingOutput(fixture('fping-total-loss.txt'));
    expect(rtts.get('10.255.255.1')).toEqual([null, null, null]);
    expect(echoStatsOf(rtts.get('10.255.255.1') ?? [])).toEqual({
      sent: 3, received: 0, lossPercent: 100, minMs: null, avgMs: null, maxMs: null,
    });
  });

  it('computes loss and min/avg/max with partial loss', () => {
    const { rtts } = parseFpingOutput(fixture('fping-partial-loss.txt'));
    expect(echoStatsOf(rtts.get('203.0.113.5') ?? [])).toEqual({
      sent: 4, received: 3, lossPercent: 25, minMs: 31.204, avgMs: 32.362, maxMs: 33.871,
    });
    expect(echoStatsOf(rtts.get('198.51.100.7') ?? [])).toMatchObject({ sent: 4, received: 1, lossPercent: 75, avgMs: 48.902 });
  });

  it('keeps a tool complaint apart from results (recorded: invalid option)', () => {
    const { rtts, otherLines } = parseFpingOutput(fixture('fping-invalid-size.txt'));
    expect(rtts.size).toBe(0);
    expect(otherLines[0]).toMatch(/^fping: data size/);
  });
});

describe('ping output', () => {
  it('reads the summary (recorded: IPv4 and IPv6 loopback)', () => {
    for (const name of ['ping-ok.txt', 'ping-ipv6-ok.txt']) {
      const summary = parsePingOutput(fixture(name));
      expect(summary).toMatchObject({ sent: 3, received: 3, errors: 0, lossPercent: 0 });
      expect(summary?.minMs).toBeLessThanOrEqual(summary?.avgMs ?? -1);
      expect(summary?.avgMs).toBeLessThanOrEqual(summary?.maxMs ?? -1);
    }
  });

  it('reads partial loss', () => {
    expect(parsePingOutput(fixture('ping-partial-loss.txt'))).toEqual({
      sent: 4, received: 2, errors: 0, lossPercent: 50, minMs: 31.214, avgMs: 32.557, maxMs: 33.9,
    });
  });

  it('reads total loss by timeout, without round-trip times', () => {
    expect(parsePingOutput(fixture('ping-total-loss.txt'))).toEqual({
      sent: 3, received: 0, errors: 0, lossPercent: 100, minMs: null, avgMs: null, maxMs: null,
    });
  });

  it('counts ICMP errors of an unreachable destination (recorded)', () => {
    expect(parsePingOutput(fixture('ping-unreachable.txt'))).toMatchObject({ sent: 3, received: 0, errors: 3, lossPercent: 100 });
  });

  it('finds no summary for an unknown host (recorded)', () => {
    expect(parsePingOutput(fixture('ping-unknown-host.txt'))).toBeNull();
  });
});
