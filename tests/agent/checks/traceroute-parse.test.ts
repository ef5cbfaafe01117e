import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { traceWaitSeconds, tracerouteArgs } from '../../../src/agent/checks/traceroute/args.js';
import { parseTracerouteOutput } from '../../../src/agent/checks/traceroute/parse.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/traceroute/${name}`, import.meta.url), 'utf8');

describe('traceroute command line', () => {
  it('asks for numeric hops with the task’s probes, hop limit and a wait that fits the budget', () => {
    expect(tracerouteArgs({ maxHops: 30, probesPerHop: 3, timeoutMs: 60_000 }, '192.0.2.1')).toEqual([
      '-n', '-q', '3', '-m', '30', '-w', '5', '192.0.2.1',
    ]);
    expect(tracerouteArgs({ maxHops: 10, probesPerHop: 1, timeoutMs: 5_000 }, '2001:db8::1')).toEqual([
      '-6', '-n', '-q', '1', '-m', '10', '-w', '2.5', '2001:db8::1',
    ]);
  });

  it('keeps the per-probe wait between half a second and five seconds', () => {
    expect(traceWaitSeconds({ maxHops: 64, probesPerHop: 5, timeoutMs: 1_000 })).toBe(0.5);
    expect(traceWaitSeconds({ maxHops: 1, probesPerHop: 1, timeoutMs: 120_000 })).toBe(5);
  });
});

describe('traceroute output', () => {
  it('reads a real run to 127.0.0.1: one hop, the target, three answers', () => {
    const trace = parseTracerouteOutput(fixture('loopback.txt'), '127.0.0.1');
    expect(trace.reached).toBe(true);
    expect(trace.hops).toHaveLength(1);
    expect(trace.hops[0]).toMatchObject({ ttl: 1, address: '127.0.0.1', lossPercent: 0, annotations: [] });
    expect(trace.hops[0]?.rttMs).toHaveLength(3);
  });

  it('reads a real IPv6 run to ::1', () => {
    const trace = parseTracerouteOutput(fixture('loopback-ipv6.txt'), '::1');
    expect(trace).toMatchObject({ reached: true, hops: [{ ttl: 1, address: '::1', lossPercent: 0 }] });
  });

  it('reads silent hops and single lost probes', () => {
    const trace = parseTracerouteOutput(fixture('multi-hop-stars.txt'), '93.184.215.14');
    expect(trace.reached).toBe(true);
    expect(trace.hops.map((hop) => [hop.ttl, hop.address, hop.lossPercent])).toEqual([
      [1, '192.168.1.1', 0],
      [2, null, 100],
      [3, '100.64.0.1', 33.333],
      [4, '202.97.33.5', 66.667],
      [5, '93.184.215.14', 0],
    ]);
    expect(trace.hops[1]?.rttMs).toEqual([null, null, null]);
    expect(trace.hops[2]?.rttMs).toEqual([3.201, null, 3.877]);
    expect(trace.hops[3]?.rttMs).toEqual([null, 12.904, null]);
  });

  it('keeps the first of several answering addresses on one hop', () => {
    const trace = parseTracerouteOutput(fixture('mixed-addresses.txt'), '2001:db8::50');
    expect(trace.reached).toBe(true);
    expect(trace.hops[1]).toMatchObject({ address: '2001:db8:10::1', rttMs: [5.004, 5.312, 5.287], lossPercent: 0 });
    expect(trace.hops[2]).toMatchObject({ address: '2001:db8:30::1', rttMs: [null, 9.876, 10.112] });
  });

  it('notes !H and !N marks and does not count a router’s refusal as reaching the target', () => {
    const trace = parseTracerouteOutput(fixture('annotations.txt'), '198.51.100.9');
    expect(trace.reached).toBe(false);
    expect(trace.hops.at(-1)).toMatchObject({ address: '203.0.113.1', rttMs: [4.557, 4.532, 4.51], annotations: ['!H', '!H', '!N'] });
  });

  it('reads a real path that ends at another address than the target', () => {
    const trace = parseTracerouteOutput(fixture('not-reached.txt'), '8.8.8.8');
    expect(trace.reached).toBe(false);
    expect(trace.hops.length).toBeGreaterThan(1);
  });

  it('is not reached when the last hops are silent', () => {
    const trace = parseTracerouteOutput(fixture('all-silent.txt'), '198.51.100.20');
    expect(trace.reached).toBe(false);
    expect(trace.hops.at(-1)).toMatchObject({ ttl: 4, address: null, lossPercent: 100 });
  });

  it('finds no hops in a complaint', () => {
    expect(parseTracerouteOutput('Cannot handle "host" cmdline arg `x\' on position 1 (argc 1)\n', '192.0.2.1')).toEqual({
      hops: [],
      reached: false,
    });
  });
});
