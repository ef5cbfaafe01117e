import { describe, expect, it } from 'vitest';
import { ipMatchOf, isNonPublicAddress, resolveTarget } from '../../src/agent/checks/target.js';

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
    ['not-an-ip', true],
  ])('%s → %s', (ip, expected) => {
    expect(isNonPublicAddress(ip)).toBe(expected);
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
    expect(ipMatchOf([], ['1.2.3.4'])).toBe(false);
    expect(ipMatchOf(['2001:DB8::1'], ['2001:db8::1'])).toBe(true);
  });
});
