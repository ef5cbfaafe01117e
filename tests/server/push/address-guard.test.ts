import { describe, expect, it } from 'vitest';
import { isNonPublicAddress, literalHostRefused } from '../../../src/server/modules/push/address-guard.js';

describe('push endpoint address guard', () => {
  it.each(['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.1.1', '0.0.0.0', '224.0.0.1', '255.255.255.255',
    '::1', '::', 'fe80::1', 'fc00::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::7f00:1', '2002:7f00::1', '2001:db8::1', 'ff02::1', 'not-an-ip'])(
    '%s is not public',
    (address) => expect(isNonPublicAddress(address)).toBe(true),
  );

  it.each(['8.8.8.8', '93.184.215.14', '142.250.72.10', '2606:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });

  it('refuses literal private hosts and localhost names, and leaves other names to resolution', () => {
    expect(literalHostRefused('[::1]')).toBe(true);
    expect(literalHostRefused('127.0.0.1')).toBe(true);
    expect(literalHostRefused('LOCALHOST')).toBe(true);
    expect(literalHostRefused('push.localhost')).toBe(true);
    expect(literalHostRefused('fcm.googleapis.com')).toBe(false);
    expect(literalHostRefused('8.8.8.8')).toBe(false);
  });
});
