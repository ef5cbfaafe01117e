import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mtrArgs } from '../../../src/agent/checks/mtr/args.js';
import { parseMtrOutput } from '../../../src/agent/checks/mtr/parse.js';
import { MtrHop } from '../../../src/shared/probe/results.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/mtr/${name}`, import.meta.url), 'utf8');

describe('mtr command line', () => {
  it('asks for a numeric JSON report with the count and hop limit', () => {
    expect(mtrArgs({ count: 10, maxHops: 30 }, '192.0.2.1')).toEqual(['--json', '-n', '-c', '10', '-m', '30', '192.0.2.1']);
    expect(mtrArgs({ count: 5, maxHops: 20 }, '2001:db8::1')).toEqual(['--json', '-n', '-c', '5', '-m', '20', '-6', '2001:db8::1']);
  });
});

describe('mtr JSON output', () => {
  it('reads a real report to 127.0.0.1', () => {
    const hops = parseMtrOutput(fixture('loopback.txt'));
    expect(hops).toHaveLength(1);
    expect(hops?.[0]).toMatchObject({ ttl: 1, host: '127.0.0.1', lossPercent: 0, sent: 2 });
    expect(hops?.[0]?.avgMs).toBeGreaterThan(0);
    expect(hops?.map((hop) => MtrHop.parse(hop))).toHaveLength(1);
  });

  it('reads a real IPv6 report to ::1', () => {
    expect(parseMtrOutput(fixture('loopback-ipv6.txt'))).toMatchObject([{ ttl: 1, host: '::1', lossPercent: 0, sent: 1 }]);
  });

  it('reads a real path with per-hop loss', () => {
    const hops = parseMtrOutput(fixture('path-loss.txt'));
    expect(hops?.map((hop) => [hop.ttl, hop.lossPercent])).toEqual([
      [1, 0],
      [2, 33.333],
      [3, 33.333],
      [4, 66.666],
      [5, 66.666],
    ]);
    expect(hops?.[1]).toMatchObject({ host: '21.4.1.203', sent: 3, lastMs: 0.387, avgMs: 0.38, bestMs: 0.374, worstMs: 0.387, stdevMs: 0.009 });
  });

  it('gives "???" hops no host and no times rather than zeros', () => {
    const hops = parseMtrOutput(fixture('silent-hops.txt'));
    expect(hops?.[1]).toEqual({ ttl: 2, host: null, lossPercent: 100, sent: 10, lastMs: null, avgMs: null, bestMs: null, worstMs: null, stdevMs: null });
    expect(hops?.[2]).toMatchObject({ ttl: 3, host: '202.97.33.5', lossPercent: 20, avgMs: 13.221 });
    expect(hops?.[3]).toMatchObject({ ttl: 4, host: null, avgMs: null });
  });

  it('reads numbers written as strings by older mtr versions', () => {
    expect(parseMtrOutput(fixture('string-fields.txt'))).toMatchObject([
      { ttl: 1, host: '192.168.1.1', lossPercent: 0 },
      { ttl: 2, host: '203.0.113.5', lossPercent: 40, worstMs: 33.87 },
    ]);
  });

  it('finds no report in a complaint or in a malformed one', () => {
    expect(parseMtrOutput(fixture('failure-stderr.txt'))).toBeNull();
    expect(parseMtrOutput('')).toBeNull();
    expect(parseMtrOutput('{"report": {"hubs": [{"host": "192.0.2.1"}]}}')).toBeNull();
    expect(parseMtrOutput('{"report": {}}')).toBeNull();
  });
});
