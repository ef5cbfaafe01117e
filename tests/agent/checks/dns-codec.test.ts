import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bytesToIpv6, ipv6ToBytes, parseServerAddress } from '../../../src/agent/checks/dns/addresses.js';
import { decodeMessage, encodeMessage, encodeQuery } from '../../../src/agent/checks/dns/codec.js';
import { DnsFormatError, RECORD_TYPE_CODES, type DnsMessage, type DnsRecord } from '../../../src/agent/checks/dns/message.js';
import { readHexFixture, startDnsServer } from '../helpers/dns-server.js';

const response = (id: number, questionName: string, type: number, records: Partial<Pick<DnsMessage, 'answers' | 'authorities' | 'additionals'>>): DnsMessage => ({
  id,
  flags: { qr: true, opcode: 0, aa: true, tc: false, rd: true, ra: true, rcode: 0 },
  questions: [{ name: questionName, type, class: 1 }],
  answers: records.answers ?? [],
  authorities: records.authorities ?? [],
  additionals: records.additionals ?? [],
});

describe('decoding recorded and hand-built wire messages', () => {
  it('reads a compressed CNAME → A answer with an NS authority', () => {
    const message = decodeMessage(readHexFixture('response-www-cname-a-compressed.txt'));
    expect(message.id).toBe(0x4e30);
    expect(message.flags).toMatchObject({ qr: true, rd: true, ra: true, tc: false, rcode: 0 });
    expect(message.questions).toEqual([{ name: 'www.example.com', type: 1, class: 1 }]);
    expect(message.answers).toEqual([
      { type: 'CNAME', name: 'www.example.com', class: 1, ttl: 300, target: 'web.example.com' },
      { type: 'A', name: 'web.example.com', class: 1, ttl: 60, address: '93.184.215.14' },
    ]);
    expect(message.authorities).toEqual([{ type: 'NS', name: 'example.com', class: 1, ttl: 86_400, target: 'ns1.example.com' }]);
  });

  it('reads NXDOMAIN with the zone SOA in the authority section', () => {
    const message = decodeMessage(readHexFixture('response-nope-nxdomain-soa.txt'));
    expect(message.flags.rcode).toBe(3);
    expect(message.answers).toEqual([]);
    expect(message.authorities[0]).toMatchObject({
      type: 'SOA',
      name: 'example.com',
      mname: 'ns1.example.com',
      rname: 'hostmaster.example.com',
      serial: 2_024_010_101,
      minimum: 300,
    });
  });

  it('reads MX, TXT and AAAA answers', () => {
    expect(decodeMessage(readHexFixture('response-example-mx.txt')).answers).toMatchObject([
      { type: 'MX', preference: 10, exchange: 'mail1.example.com' },
      { type: 'MX', preference: 20, exchange: 'mail2.example.com' },
    ]);
    expect(decodeMessage(readHexFixture('response-example-txt.txt')).answers).toMatchObject([
      { type: 'TXT', strings: ['v=spf1 include:_spf.example.com', ' -all'] },
    ]);
    expect(decodeMessage(readHexFixture('response-example-aaaa.txt')).answers.map((record) => record.type === 'AAAA' && record.address)).toEqual([
      '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      '2001:db8::1',
    ]);
  });

  it('reads the queries dig sends, EDNS OPT record and cookie included', () => {
    const withEdns = decodeMessage(readHexFixture('query-dig-www-example-com-a.txt'));
    expect(withEdns.flags).toMatchObject({ qr: false, rd: true });
    expect(withEdns.questions).toEqual([{ name: 'www.example.com', type: 1, class: 1 }]);
    expect(withEdns.additionals).toMatchObject([{ type: 'RAW', code: RECORD_TYPE_CODES.OPT, name: '.', class: 1232 }]);
    const plain = decodeMessage(readHexFixture('query-dig-example-com-mx-noedns.txt'));
    expect(plain.questions).toEqual([{ name: 'example.com', type: 15, class: 1 }]);
    expect(plain.additionals).toEqual([]);
  });

  it('writes a query laid out as dig lays out its own (after the id and flags)', () => {
    const digQuery = readHexFixture('query-dig-example-com-mx-noedns.txt');
    const ours = encodeQuery({ id: 1, name: 'example.com', type: 15, udpPayloadSize: 0 });
    expect(ours.subarray(4).toString('hex')).toBe(digQuery.subarray(4).toString('hex'));
    expect(decodeMessage(encodeQuery({ id: 7, name: 'example.com.', type: 1 })).additionals[0]).toMatchObject({ code: 41, class: 1232 });
  });

  it.each([
    ['malformed-pointer-loop.txt', /does not point backwards/],
    ['malformed-forward-pointer.txt', /does not point backwards/],
    ['malformed-truncated-rdata.txt', /past the message end/],
    ['malformed-a-length.txt', /expected 4/],
  ])('rejects %s with a format error', (file, reason) => {
    expect(() => decodeMessage(readHexFixture(file))).toThrow(DnsFormatError);
    expect(() => decodeMessage(readHexFixture(file))).toThrow(reason);
  });

  it('rejects messages cut inside the header or a question, and unknown label types', () => {
    const valid = readHexFixture('response-www-cname-a-compressed.txt');
    expect(() => decodeMessage(valid.subarray(0, 7))).toThrow(DnsFormatError);
    expect(() => decodeMessage(valid.subarray(0, 20))).toThrow(DnsFormatError);
    const extendedLabel = Buffer.from(valid);
    extendedLabel[12] = 0x43;
    expect(() => decodeMessage(extendedLabel)).toThrow(/label type/);
  });
});

describe('encoding', () => {
  const records: DnsRecord[] = [
    { type: 'CNAME', name: 'www.example.com', ttl: 300, target: 'web.example.com' },
    { type: 'A', name: 'web.example.com', ttl: 60, address: '192.0.2.10' },
    { type: 'AAAA', name: 'web.example.com', ttl: 60, address: '2001:0DB8:0:0:0:0:1:0' },
    { type: 'MX', name: 'example.com', ttl: 60, preference: 5, exchange: 'mx.example.com' },
    { type: 'NS', name: 'example.com', ttl: 60, target: 'ns.example.net' },
    { type: 'TXT', name: 'example.com', ttl: 60, strings: ['hello', 'x'.repeat(300)] },
    { type: 'RAW', code: 99, name: 'example.com', ttl: 1, rdata: Uint8Array.from([1, 2, 3]) },
  ];
  const soa: DnsRecord = { type: 'SOA', name: 'example.com', ttl: 900, mname: 'ns.example.net', rname: 'ops.example.com', serial: 7, refresh: 1, retry: 2, expire: 3, minimum: 4 };

  it('round-trips every record type', () => {
    const decoded = decodeMessage(encodeMessage(response(0xabcd, 'www.example.com', 1, { answers: records, authorities: [soa] })));
    expect(decoded.id).toBe(0xabcd);
    expect(decoded.answers.map(({ class: _class, ...record }) => record)).toEqual([
      ...records.slice(0, 2),
      { ...records[2], address: '2001:db8::1:0' },
      ...records.slice(3, 5),
      // A TXT value longer than 255 bytes travels as several character-strings.
      { ...records[5], strings: ['hello', 'x'.repeat(255), 'x'.repeat(45)] },
      records[6],
    ]);
    expect(decoded.authorities).toEqual([{ ...soa, class: 1 }]);
  });

  it('compresses repeated names into pointers', () => {
    const answers: DnsRecord[] = Array.from({ length: 5 }, (_, index) => ({ type: 'A', name: 'a-rather-long-name.example.com', ttl: 1, address: `192.0.2.${index}` }));
    const bytes = encodeMessage(response(1, 'a-rather-long-name.example.com', 1, { answers }));
    // Header 12, question 32 + 4, then each answer: a 2-byte pointer + 10 + 4.
    expect(bytes.length).toBe(12 + 36 + 5 * 16);
    expect(bytes.readUInt16BE(48)).toBe(0xc00c);
    expect(decodeMessage(bytes).answers).toHaveLength(5);
  });

  it('refuses names and addresses that cannot be encoded', () => {
    const encode = (name: string, address = '192.0.2.1') => () => encodeMessage(response(1, name, 1, { answers: [{ type: 'A', name, ttl: 1, address }] }));
    expect(encode(`${'a'.repeat(64)}.com`)).toThrow(/63 bytes/);
    expect(encode(`${'abcdefghi.'.repeat(26)}com`)).toThrow(/255 bytes/);
    expect(encode('a..b')).toThrow(/empty label/);
    expect(encode('ok.example', '300.1.1.1')).toThrow(DnsFormatError);
  });
});

describe('addresses', () => {
  it.each([
    ['2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:db8::ff00:42:8329'],
    ['::1', '::1'],
    ['::', '::'],
    ['2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
    ['2001:db8::1:0:0:1', '2001:db8::1:0:0:1'],
    ['::ffff:192.0.2.1', '::ffff:c000:201'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
  ])('%s is written as %s', (text, canonical) => {
    expect(bytesToIpv6(ipv6ToBytes(text))).toBe(canonical);
  });

  it.each([
    ['8.8.8.8', { host: '8.8.8.8', port: 53, label: '8.8.8.8:53' }],
    ['127.0.0.1:5353', { host: '127.0.0.1', port: 5353, label: '127.0.0.1:5353' }],
    ['[2001:4860:4860::8888]:5300', { host: '2001:4860:4860::8888', port: 5300, label: '[2001:4860:4860::8888]:5300' }],
    ['[::1]', { host: '::1', port: 53, label: '[::1]:53' }],
    ['2001:4860:4860::8888', { host: '2001:4860:4860::8888', port: 53, label: '[2001:4860:4860::8888]:53' }],
    ['dns.example.com', null],
    ['8.8.8.8:0', null],
    ['8.8.8.8:70000', null],
    ['[8.8.8.8]:53', null],
    ['8.8.8.8:', null],
  ])('server %s reads as %o', (text, expected) => {
    expect(parseServerAddress(text)).toEqual(expected);
  });
});

const dig = '/usr/bin/dig';

describe.skipIf(!existsSync(dig))('interoperability with a real resolver client', () => {
  it('dig reads what the encoder writes, compression and a long TXT included', async () => {
    const server = await startDnsServer(() => ({
      answers: [
        { type: 'CNAME', name: 'www.example.com', ttl: 300, target: 'web.example.com' },
        { type: 'A', name: 'web.example.com', ttl: 60, address: '192.0.2.10' },
        { type: 'TXT', name: 'web.example.com', ttl: 60, strings: ['t'.repeat(300)] },
      ],
      authorities: [{ type: 'SOA', name: 'example.com', ttl: 900, mname: 'ns.example.com', rname: 'ops.example.com', serial: 42, refresh: 1, retry: 2, expire: 3, minimum: 4 }],
    }));
    try {
      const args = ['@127.0.0.1', '-p', String(server.port), 'www.example.com', 'A', '+tries=1', '+time=5'];
      const { stdout } = await promisify(execFile)(dig, args, { encoding: 'utf8' });
      expect(stdout).toContain('status: NOERROR');
      expect(stdout).toMatch(/www\.example\.com\.\s+300\s+IN\s+CNAME\s+web\.example\.com\./);
      expect(stdout).toMatch(/web\.example\.com\.\s+60\s+IN\s+A\s+192\.0\.2\.10/);
      expect(stdout).toContain(`"${'t'.repeat(255)}" "${'t'.repeat(45)}"`);
      expect(stdout).toMatch(/example\.com\.\s+900\s+IN\s+SOA\s+ns\.example\.com\. ops\.example\.com\. 42 1 2 3 4/);
    } finally {
      await server.close();
    }
  });
});
