import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mtrArgs } from '../../../src/agent/checks/mtr/args.js';
import { MtrRawReader, parseMtrRaw } from '../../../src/agent/checks/mtr/raw.js';
import { MtrHop } from '../../../src/shared/probe/results.js';

/** Fixtures recorded with mtr 0.95 (`mtr --raw [-n] -c <count> -m <max> <ip>`) on the build machine. */
const fixture = (name: string): string => readFileSync(new URL(`../fixtures/mtr/${name}`, import.meta.url), 'utf8');

describe('mtr command line', () => {
  it('asks for raw output with names, the count and the hop limit', () => {
    expect(mtrArgs({ count: 10, maxHops: 30 }, '192.0.2.1')).toEqual(['--raw', '-c', '10', '-m', '30', '192.0.2.1']);
    expect(mtrArgs({ count: 5, maxHops: 20 }, '2001:db8::1')).toEqual(['--raw', '-c', '5', '-m', '20', '-6', '2001:db8::1']);
  });
});

describe('mtr raw output, whole', () => {
  it('reads a real run to 127.0.0.1: one hop, the probes past the target left out', () => {
    const hops = parseMtrRaw(fixture('raw-loopback.txt'), '127.0.0.1', 30);
    expect(hops).toHaveLength(1);
    expect(hops[0]).toMatchObject({ ttl: 1, host: '127.0.0.1', lossPercent: 0, sent: 3 });
    expect(hops[0]?.avgMs).toBeGreaterThan(0);
    expect(hops.map((hop) => MtrHop.parse(hop))).toHaveLength(1);
  });

  it('reads a real IPv6 run to ::1', () => {
    expect(parseMtrRaw(fixture('raw-loopback-ipv6.txt'), '::1', 30)).toMatchObject([{ ttl: 1, host: '::1', lossPercent: 0, sent: 2 }]);
  });

  it('computes last, average, best, worst and the sample deviation from the reply times', () => {
    // Replies at hop 1 of 1891, 1443, 3894 and 275 µs; the probe past the target is left out.
    expect(parseMtrRaw(fixture('raw-gateway.txt'), '192.0.2.1', 30)).toEqual([
      { ttl: 1, host: '192.0.2.1', name: null, lossPercent: 0, sent: 4, lastMs: 0.275, avgMs: 1.876, bestMs: 0.275, worstMs: 3.894, stdevMs: 1.508 },
    ]);
  });

  it('reads a real path that does not reach its target: per-hop loss, and one silent hop past the last answer', () => {
    const hops = parseMtrRaw(fixture('raw-unreached.txt'), '198.51.100.7', 8);
    expect(hops.map((hop) => [hop.ttl, hop.host, hop.sent, hop.lossPercent])).toEqual([
      [1, '192.0.2.1', 3, 0],
      [2, '21.4.3.121', 3, 66.667],
      [3, '21.4.3.121', 3, 0],
      [4, '21.4.3.121', 3, 66.667],
      [5, '21.4.3.121', 3, 66.667],
      [6, '21.4.3.121', 3, 66.667],
      [7, '21.4.3.121', 3, 66.667],
      [8, null, 3, 100],
    ]);
    expect(hops[7]).toEqual({ ttl: 8, host: null, name: null, lossPercent: 100, sent: 3, lastMs: null, avgMs: null, bestMs: null, worstMs: null, stdevMs: null });
    expect(hops[0]).toMatchObject({ lastMs: 0.268, bestMs: 0.268, worstMs: 2.407 });
  });

  it('reads the reverse-DNS name of a hop, and none where the name is the address again', () => {
    expect(parseMtrRaw(fixture('raw-loopback-names.txt'), '127.0.0.1', 30)).toMatchObject([{ ttl: 1, host: '127.0.0.1', name: 'localhost', sent: 3 }]);
    const reader = new MtrRawReader('198.51.100.7', 8);
    reader.push('x 0 1\nh 0 192.0.2.1\nd 0 192.0.2.1\np 0 200 1\n');
    expect(reader.hops(true)).toMatchObject([{ host: '192.0.2.1', name: null }]);
  });

  it('finds no hops in a complaint', () => {
    expect(parseMtrRaw(fixture('failure-stderr.txt'), '127.0.0.1', 30)).toEqual([]);
    expect(parseMtrRaw('', '127.0.0.1', 30)).toEqual([]);
  });
});

describe('mtr raw output, as it streams', () => {
  it('gives the hops so far after each chunk, lines cut anywhere, and the same hops as the whole at the end', () => {
    const text = fixture('raw-unreached.txt');
    const reader = new MtrRawReader('198.51.100.7', 8);
    const seen: number[] = [];
    for (let at = 0; at < text.length; at += 7) {
      if (reader.push(text.slice(at, at + 7))) seen.push(reader.hops().length);
    }
    // Nothing to show until a hop answered; then hops arrive one by one.
    expect(seen.find((count) => count > 0)).toBe(1);
    expect(Math.max(...seen)).toBe(8);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(reader.hops(true)).toEqual(parseMtrRaw(text, '198.51.100.7', 8));
  });

  it('does not count a probe still in flight as lost while mtr runs', () => {
    const reader = new MtrRawReader('198.51.100.7', 8);
    reader.push('x 0 33000\nh 0 192.0.2.1\np 0 886 33000\nx 0 33008\n');
    expect(reader.hops()).toMatchObject([{ ttl: 1, sent: 2, lossPercent: 0, lastMs: 0.886 }]);
    expect(reader.hops(true)).toMatchObject([{ ttl: 1, sent: 2, lossPercent: 50 }]);
  });

  it('passes over lines it does not know and a repeated reply', () => {
    const reader = new MtrRawReader('127.0.0.1', 30);
    expect(reader.push('d 0 localhost\nx 0 1\nh 0 127.0.0.1\np 0 100 1\np 0 100 1\nbogus\n')).toBe(true);
    expect(reader.hops(true)).toMatchObject([{ sent: 1, lossPercent: 0, avgMs: 0.1 }]);
  });
});
