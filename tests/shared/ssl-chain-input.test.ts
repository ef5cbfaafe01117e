import { describe, expect, it } from 'vitest';
import { parseHostPort } from '../../src/shared/calls/ssl-chain.js';
import { presentedCertificates } from '../../src/shared/tls/presented-certificates.js';

describe('the SSL chain checker reads host[:port]', () => {
  it('takes a host alone (443), with a port, and IPv6 addresses bare or bracketed', () => {
    expect(parseHostPort(' example.com ')).toEqual({ ok: true, host: 'example.com', port: 443 });
    expect(parseHostPort('example.com:8443')).toEqual({ ok: true, host: 'example.com', port: 8443 });
    expect(parseHostPort('192.0.2.1:1')).toEqual({ ok: true, host: '192.0.2.1', port: 1 });
    expect(parseHostPort('2001:db8::1')).toEqual({ ok: true, host: '2001:db8::1', port: 443 });
    expect(parseHostPort('[2001:db8::1]')).toEqual({ ok: true, host: '2001:db8::1', port: 443 });
    expect(parseHostPort('[2001:db8::1]:65535')).toEqual({ ok: true, host: '2001:db8::1', port: 65_535 });
  });

  it('refuses with the catalogue inner codes: required, out of range, format, too long', () => {
    expect(parseHostPort('')).toEqual({ ok: false, code: 10010002 });
    expect(parseHostPort('example.com:0')).toEqual({ ok: false, code: 10010003 });
    expect(parseHostPort('example.com:65536')).toEqual({ ok: false, code: 10010003 });
    expect(parseHostPort('example.com:')).toEqual({ ok: false, code: 10010004 });
    expect(parseHostPort('example.com:-1')).toEqual({ ok: false, code: 10010004 });
    expect(parseHostPort('https://example.com')).toEqual({ ok: false, code: 10010004 });
    expect(parseHostPort('[example.com]:443')).toEqual({ ok: false, code: 10010004 });
    expect(parseHostPort(`${'a'.repeat(300)}.com`)).toEqual({ ok: false, code: 10010005 });
  });
});

const record = (type: number, payload: number[]) => [type, 3, 3, payload.length >> 8, payload.length & 255, ...payload];
const u24 = (value: number) => [value >> 16, (value >> 8) & 255, value & 255];
const handshake = (type: number, body: number[]) => [type, ...u24(body.length), ...body];
const certificateMessage = (certificates: number[][]) => {
  const list = certificates.flatMap((der) => [...u24(der.length), ...der]);
  return handshake(11, [...u24(list.length), ...list]);
};

describe('the certificates a TLS 1.2 server sent, in order', () => {
  it('reads them from a Certificate message, also split across records after a ServerHello', () => {
    const message = [...handshake(2, [1, 2, 3]), ...certificateMessage([[0x30, 1], [0x30, 2, 2], [0x30, 3]])];
    const bytes = Uint8Array.from([...record(22, message.slice(0, 9)), ...record(22, message.slice(9))]);
    expect(presentedCertificates(bytes)?.map((der) => [...der])).toEqual([[0x30, 1], [0x30, 2, 2], [0x30, 3]]);
  });

  it('has no answer when the certificates are encrypted (TLS 1.3) or the bytes end early', () => {
    const tls13 = Uint8Array.from([...record(22, handshake(2, [1, 2, 3])), ...record(20, [1]), ...record(23, [9, 9, 9])]);
    expect(presentedCertificates(tls13)).toBeNull();
    const cut = Uint8Array.from(record(22, certificateMessage([[0x30, 1]]))).subarray(0, 10);
    expect(presentedCertificates(cut)).toBeNull();
  });
});
