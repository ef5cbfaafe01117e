import { describe, expect, it } from 'vitest';
import {
  domainOrIpRule,
  domainRule,
  ipPortRule,
  ipRule,
  isDomain,
  isIPv4,
  isIPv6,
  matchingIpsRule,
  portRule,
} from '../../src/shared/index.js';
import { fieldErrors, outcome } from './helpers.js';

const TYPE = 10010001;
const REQUIRED = 10010002;
const RANGE = 10010003;
const FORMAT = 10010004;
const TOO_LONG = 10010005;

const label63 = 'a'.repeat(63);

describe('domain', () => {
  it.each([
    ['example.com', 'ok'],
    ['www.example.com.tw', 'ok'],
    ['a.b.c.d.example.org', 'ok'],
    ['my-site.example.com', 'ok'],
    ['123.example.com', 'ok'],
    ['Example.COM', 'ok'],
    ['中文.com', 'ok'],
    ['例子.中国', 'ok'],
    ['xn--fiqs8s.com', 'ok'],
    ['example.xn--fiqz9s', 'ok'],
    [`${label63}.com`, 'ok'],
    [`${'a'.repeat(64)}.com`, FORMAT],
    ['localhost', FORMAT],
    ['example.com.', FORMAT],
    ['.example.com', FORMAT],
    ['example..com', FORMAT],
    ['-example.com', FORMAT],
    ['example-.com', FORMAT],
    ['my_site.example.com', FORMAT],
    ['my site.com', FORMAT],
    [' example.com', FORMAT],
    ['example.123', FORMAT],
    ['1.2.3.4', FORMAT],
    ['example.c', FORMAT],
    ['http://example.com', FORMAT],
    ['example.com/path', FORMAT],
    ['', REQUIRED],
    [42, TYPE],
  ])('%j → %s', (input, expected) => {
    expect(outcome(domainRule, input)).toEqual(expected);
  });

  it('accepts 253 characters in total and refuses 254', () => {
    const name253 = `${[label63, label63, label63].join('.')}.${'b'.repeat(57)}.com`;
    expect(name253).toHaveLength(253);
    expect(outcome(domainRule, name253)).toBe('ok');
    const name254 = `a${name253}`;
    expect(fieldErrors(domainRule, name254)).toEqual([{ field: '', code: TOO_LONG, params: { max: 253 } }]);
    expect(isDomain(name254)).toBe(false);
  });
});

describe('IPv4', () => {
  it.each([
    ['0.0.0.0', 'ok'],
    ['255.255.255.255', 'ok'],
    ['192.168.1.10', 'ok'],
    ['256.1.1.1', FORMAT],
    ['1.2.3.256', FORMAT],
    ['01.2.3.4', FORMAT],
    ['1.2.3.004', FORMAT],
    ['1.2.3', FORMAT],
    ['1.2.3.4.5', FORMAT],
    ['1..3.4', FORMAT],
    [' 1.2.3.4', FORMAT],
    ['1.2.3.4 ', FORMAT],
    ['1.2.3.4\n', FORMAT],
    ['-1.2.3.4', FORMAT],
    ['a.b.c.d', FORMAT],
    ['', REQUIRED],
  ])('%j → %s', (input, expected) => {
    expect(outcome(ipRule, input)).toEqual(expected);
  });
});

describe('IPv6', () => {
  it.each([
    ['2001:0db8:0000:0000:0000:0000:0000:0001', 'ok'],
    ['2001:db8:0:0:0:0:0:1', 'ok'],
    ['2001:db8::1', 'ok'],
    ['FE80::ABCD', 'ok'],
    ['::1', 'ok'],
    ['::', 'ok'],
    ['1::', 'ok'],
    ['1:2:3:4:5:6:7::', 'ok'],
    ['::ffff:1.2.3.4', 'ok'],
    ['64:ff9b::192.0.2.33', 'ok'],
    ['1:2:3:4:5:6:1.2.3.4', 'ok'],
    ['1:2:3:4:5:6:7:8:9', FORMAT],
    ['::1:2:3:4:5:6:7:8', FORMAT],
    ['1:2:3:4:5:6:7', FORMAT],
    ['1::2::3', FORMAT],
    ['1:::2', FORMAT],
    [':1:2:3:4:5:6:7', FORMAT],
    ['fe80::1%eth0', FORMAT],
    ['12345::1', FORMAT],
    ['g::1', FORMAT],
    ['::ffff:256.1.1.1', FORMAT],
    ['1.2.3.4::', FORMAT],
    ['[::1]', FORMAT],
    [' ::1', FORMAT],
  ])('%j → %s', (input, expected) => {
    expect(outcome(ipRule, input)).toEqual(expected);
  });

  it('keeps the IPv4 and IPv6 predicates apart', () => {
    expect(isIPv4('::1')).toBe(false);
    expect(isIPv6('1.2.3.4')).toBe(false);
    expect(isIPv6('::ffff:1.2.3.4')).toBe(true);
  });
});

describe('port (0-65535)', () => {
  it.each([
    [0, 'ok'],
    [80, 'ok'],
    [65535, 'ok'],
    [-1, RANGE],
    [65536, RANGE],
    [1.5, TYPE],
    ['80', TYPE],
    [Number.NaN, TYPE],
    [undefined, REQUIRED],
  ])('%j → %s', (input, expected) => {
    expect(outcome(portRule, input)).toEqual(expected);
  });

  it('tells the client the bounds of an out-of-range port', () => {
    expect(fieldErrors(portRule, 65536)).toEqual([{ field: '', code: RANGE, params: { min: 0, max: 65535 } }]);
  });
});

describe('IP:Port', () => {
  it.each([
    ['1.2.3.4:80', 'ok'],
    ['1.2.3.4:0', 'ok'],
    ['1.2.3.4:65535', 'ok'],
    ['[::1]:443', 'ok'],
    ['[2001:db8::1]:8080', 'ok'],
    ['::1:443', FORMAT],
    ['1.2.3.4:65536', FORMAT],
    ['1.2.3.4:080', FORMAT],
    ['1.2.3.4:-1', FORMAT],
    ['1.2.3.4', FORMAT],
    ['1.2.3.4:', FORMAT],
    ['[::1]', FORMAT],
    ['[::1]443', FORMAT],
    ['[1.2.3.4]:80', FORMAT],
    ['example.com:80', FORMAT],
    ['256.1.1.1:80', FORMAT],
    ['', REQUIRED],
  ])('%j → %s', (input, expected) => {
    expect(outcome(ipPortRule, input)).toEqual(expected);
  });
});

describe('domain or IP', () => {
  it.each([
    ['example.com', 'ok'],
    ['中文.com', 'ok'],
    ['1.2.3.4', 'ok'],
    ['2001:db8::1', 'ok'],
    ['1.2.3.256', FORMAT],
    ['localhost', FORMAT],
    ['1.2.3.4:80', FORMAT],
    ['', REQUIRED],
  ])('%j → %s', (input, expected) => {
    expect(outcome(domainOrIpRule, input)).toEqual(expected);
  });
});

describe('matching IPs (one per line)', () => {
  it.each([
    ['one IPv4', '1.2.3.4'],
    ['several lines', '1.2.3.4\n5.6.7.8\n2001:db8::1'],
    ['blank lines', '\n1.2.3.4\n\n\n5.6.7.8\n'],
    ['CRLF line ends', '1.2.3.4\r\n::1\r\n'],
    ['spaces around a line', '  1.2.3.4  \n\t5.6.7.8'],
    ['nothing at all', ''],
  ])('accepts %s', (_label, input) => {
    expect(outcome(matchingIpsRule, input)).toBe('ok');
  });

  it.each([
    ['bad', 1],
    ['1.2.3.4\nexample.com', 2],
    ['1.2.3.4\n\n5.6.7.8\n\n1.2.3', 5],
    ['1.2.3.4\r\n\r\n256.0.0.1\r\n5.6.7.8', 3],
    ['1.2.3.4\n5.6.7.8:80', 2],
  ])('%j reports the bad line %i', (input, line) => {
    expect(fieldErrors(matchingIpsRule, input)).toEqual([{ field: '', code: FORMAT, params: { line } }]);
  });

  it('refuses a list that is not text', () => {
    expect(outcome(matchingIpsRule, ['1.2.3.4'])).toBe(TYPE);
  });
});
