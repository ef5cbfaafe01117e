import { describe, expect, it } from 'vitest';
import { checkIpGroupForm } from '../../../src/client/features/groups/ip-group-form.js';
import { checkIpLines, ipLinesAreSendable, ipTextOf, linesOfIpErrors } from '../../../src/client/features/groups/ip-lines.js';
import { IP_GROUP_MAX_IPS, IpGroupCreateBody, ipLinesOf } from '../../../src/shared/index.js';

describe('IP lines of a matched-IP group', () => {
  it('keeps each address once, in the order written, with the line it was written on', () => {
    const check = checkIpLines('10.0.0.1\n\n  2001:db8::1  \r\n10.0.0.1\n192.0.2.7');
    expect(check.ips).toEqual(['10.0.0.1', '2001:db8::1', '192.0.2.7']);
    expect(check.lineOf).toEqual([1, 3, 5]);
    expect(check.repeats).toBe(1);
    expect(check.invalid).toEqual([]);
    expect(ipLinesAreSendable(check)).toBe(true);
  });

  it('names every line that is not an IPv4 or IPv6 address by its number, blank lines counted', () => {
    const check = checkIpLines('10.0.0.1\n\nexample.com\n10.0.0.256\n::1\n1.2.3\n10.0.0.1/24\n 192.0.2.1 x');
    expect(check.invalid).toEqual([
      { line: 3, text: 'example.com' },
      { line: 4, text: '10.0.0.256' },
      { line: 6, text: '1.2.3' },
      { line: 7, text: '10.0.0.1/24' },
      { line: 8, text: '192.0.2.1 x' },
    ]);
    expect(check.ips).toEqual(['10.0.0.1', '::1']);
    expect(ipLinesAreSendable(check)).toBe(false);
  });

  it('sends what the contract splitter reads from the same text, less repeats', () => {
    const text = ' 10.0.0.2 \n\n10.0.0.3\r\n10.0.0.2\nfe80::1\n';
    expect(checkIpLines(text).ips).toEqual([...new Set(ipLinesOf(text))]);
  });

  it('counts distinct addresses against the 1,000 maximum: repeats do not fill the group', () => {
    const thousand = Array.from({ length: IP_GROUP_MAX_IPS }, (_, index) => `10.0.${Math.floor(index / 256)}.${index % 256}`);
    const withRepeats = checkIpLines(ipTextOf([...thousand, ...thousand.slice(0, 5)]));
    expect(withRepeats.ips).toHaveLength(IP_GROUP_MAX_IPS);
    expect(withRepeats.tooMany).toBe(false);
    expect(IpGroupCreateBody.safeParse({ name: 'edge', ips: withRepeats.ips }).success).toBe(true);
    const over = checkIpLines(ipTextOf([...thousand, '192.0.2.1']));
    expect(over.tooMany).toBe(true);
    expect(ipLinesAreSendable(over)).toBe(false);
  });

  it('has nothing to send for an empty or blank text', () => {
    expect(ipLinesAreSendable(checkIpLines(''))).toBe(false);
    expect(checkIpLines(' \n\n ').ips).toEqual([]);
  });

  it("maps the server's errors on ips.<index> back to the user's lines", () => {
    const check = checkIpLines('10.0.0.1\n\n10.0.0.2\n10.0.0.3');
    const errors = [
      { field: 'ips.1', code: 10010004 as const },
      { field: 'name', code: 10010002 as const },
      { field: 'ips.9', code: 10010004 as const },
    ];
    expect(linesOfIpErrors(errors, check)).toEqual([{ line: 3, text: '10.0.0.2' }]);
  });
});

describe('matched-IP group form', () => {
  it('sends the trimmed name and the distinct addresses', () => {
    const check = checkIpGroupForm({ name: '  office  ', ipText: '10.0.0.1\n10.0.0.1\n2001:db8::2' });
    expect(check.ok && check.body).toEqual({ name: 'office', ips: ['10.0.0.1', '2001:db8::2'] });
  });

  it('says the name is required or too long with the catalogue codes the server uses', () => {
    const blank = checkIpGroupForm({ name: '   ', ipText: '10.0.0.1' });
    expect(!blank.ok && blank.nameError).toMatchObject({ field: 'name', code: 10010002 });
    const long = checkIpGroupForm({ name: 'x'.repeat(51), ipText: '10.0.0.1' });
    expect(!long.ok && long.nameError).toMatchObject({ field: 'name', code: 10010005, params: { max: 50 } });
    expect(checkIpGroupForm({ name: 'x'.repeat(50), ipText: '10.0.0.1' }).ok).toBe(true);
  });

  it('refuses an empty list as missing, and invalid lines without calling them missing', () => {
    const empty = checkIpGroupForm({ name: 'office', ipText: '\n' });
    expect(!empty.ok && empty.ipsMissing).toBe(true);
    const bad = checkIpGroupForm({ name: 'office', ipText: 'not-an-ip' });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.ipsMissing).toBe(false);
    expect(bad.lines.invalid).toEqual([{ line: 1, text: 'not-an-ip' }]);
  });
});
