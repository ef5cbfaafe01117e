import { describe, expect, it } from 'vitest';
import { isNonPublicAddress, resolveTarget } from '../../src/agent/checks/target.js';
import { ipMatchOf } from '../../src/shared/ip.js';

describe('non-public addresses are recognised', () => {
  it.each([
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['127.0.0.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['100.128.0.1', false],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['1.1.1.1', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['ff02::1', true],
    ['::ffff:192.168.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2001:4860:4860::8888', false],
    ['2400:3200::1', false],
    ['not-an-ip', true],
    ['198.18.0.1', true],
    ['198.19.255.255', true],
    ['198.20.0.1', false],
    ['192.0.2.1', true],
    ['203.0.113.9', true],
  ])('%s → %s', (ip, expected) => {
    expect(isNonPublicAddress(ip)).toBe(expected);
  });
});

describe('IPv6 spellings of non-public IPv4 addresses are refused', () => {
  it.each([
    ['::ffff:7f00:1', 'IPv4-mapped 127.0.0.1 in hex'],
    ['::FFFF:127.0.0.1', 'IPv4-mapped in upper case'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped 169.254.169.254 (cloud metadata)'],
    ['0:0:0:0:0:ffff:a00:1', 'IPv4-mapped 10.0.0.1 written out'],
    ['::ffff:0:7f00:1', 'IPv4-translated 127.0.0.1'],
    ['0:0:0:0:0:0:0:1', 'loopback written out'],
    ['0000:0000:0000:0000:0000:0000:0000:0001', 'loopback with leading zeros'],
    ['::127.0.0.1', 'IPv4-compatible 127.0.0.1'],
    ['::a00:1', 'IPv4-compatible 10.0.0.1 in hex'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b::192.168.1.1', 'NAT64 of 192.168.1.1'],
    ['2002:7f00:1::', '6to4 of 127.0.0.1'],
    ['2002:a9fe:a9fe::1', '6to4 of 169.254.169.254'],
    ['::ffff:c612:1', 'IPv4-mapped 198.18.0.1 (benchmarking)'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['FEC0::1', 'site-local'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'Teredo'],
    ['100::1', 'discard-only'],
  ])('%s (%s)', (ip) => {
    expect(isNonPublicAddress(ip)).toBe(true);
  });

  it.each(['64:ff9b::808:808', '2002:808:808::1', '::ffff:808:808'])('%s carries a public IPv4 address and is allowed', (ip) => {
    expect(isNonPublicAddress(ip)).toBe(false);
  });

  it('refuses a probe aimed at such a spelling unless the node allows private targets', async () => {
    for (const host of ['::ffff:7f00:1', '0:0:0:0:0:0:0:1', '::127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::']) {
      expect(await resolveTarget(host, false)).toEqual({ ok: false, failure: { source: 'probe', code: 'target_not_allowed' } });
    }
  });
});

describe('resolving a probe target', () => {
  it('refuses loopback unless the node allows private targets', async () => {
    expect(await resolveTarget('127.0.0.1', false)).toEqual({ ok: false, failure: { source: 'probe', code: 'target_not_allowed' } });
    expect(await resolveTarget('127.0.0.1', true)).toEqual({ ok: true, ips: ['127.0.0.1'] });
  });

  it('refuses a name that resolves to loopback', async () => {
    const refused = await resolveTarget('localhost', false);
    expect(refused).toMatchObject({ ok: false, failure: { code: 'target_not_allowed' } });
  });

  it('reports an unresolvable name as a resolver failure', async () => {
    const result = await resolveTarget('no-such-host.invalid', true);
    expect(result).toMatchObject({ ok: false, failure: { source: 'resolver' } });
  });
});

describe('matching the resolved addresses with the expected ones', () => {
  it('says nothing when no addresses are expected', () => {
    expect(ipMatchOf(['1.2.3.4'], [])).toBeNull();
  });

  it('matches only when every resolved address is expected', () => {
    expect(ipMatchOf(['1.2.3.4'], ['1.2.3.4', '5.6.7.8'])).toBe(true);
    expect(ipMatchOf(['1.2.3.4', '9.9.9.9'], ['1.2.3.4'])).toBe(false);
    expect(ipMatchOf(['2001:DB8::1'], ['2001:db8::1'])).toBe(true);
  });

  it('says nothing when nothing resolved', () => {
    expect(ipMatchOf([], ['1.2.3.4'])).toBeNull();
  });

  it('compares addresses, not their spelling', () => {
    expect(ipMatchOf(['2001:db8:0:0:0:0:0:1'], ['2001:DB8::1'])).toBe(true);
    expect(ipMatchOf(['2001:0db8::0001'], ['2001:db8::1'])).toBe(true);
    expect(ipMatchOf(['::ffff:1.2.3.4'], ['1.2.3.4'])).toBe(true);
    expect(ipMatchOf(['1.2.3.4'], ['::FFFF:102:304'])).toBe(true);
    expect(ipMatchOf([' 1.2.3.4'], ['1.2.3.4 '])).toBe(true);
    expect(ipMatchOf(['2001:db8::2'], ['2001:db8::1'])).toBe(false);
  });
});
