import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { emptyTaskValues } from '../../../src/client/features/task-form/form-values.js';
import { ipLinesOf, ipTextOf } from '../../../src/client/features/task-form/ip-lines.js';
import { withDnsServer, withTag, without } from '../../../src/client/features/task-form/list-entries.js';
import { WELL_KNOWN_DNS_SERVERS } from '../../../src/shared/probe/well-known-dns.js';
import { returnPathOf } from '../../../src/client/features/task-form/return-path.js';
import { formErrorText, saveFailureOf } from '../../../src/client/features/task-form/save-failure.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { isIP, isIPPort, type FieldError } from '../../../src/shared/index.js';

describe('matching IP lines', () => {
  it('keeps each address once with the line it stands on, blank lines counted', () => {
    expect(ipLinesOf(' 203.0.113.1 \r\n\n2001:db8::1\n203.0.113.1\n  \nnot-an-ip')).toEqual([
      { ip: '203.0.113.1', line: 1 },
      { ip: '2001:db8::1', line: 3 },
      { ip: 'not-an-ip', line: 6 },
    ]);
    expect(ipLinesOf('')).toEqual([]);
    expect(ipLinesOf(ipTextOf(['192.0.2.1', '192.0.2.2'])).map((entry) => entry.ip)).toEqual(['192.0.2.1', '192.0.2.2']);
  });
});

describe('DNS servers and tags typed one at a time', () => {
  it('offers well-known servers the shared rule accepts', () => {
    expect(WELL_KNOWN_DNS_SERVERS.every((server) => isIP(server.address) || isIPPort(server.address))).toBe(true);
  });

  it('adds a valid server, trimmed, once', () => {
    expect(withDnsServer([], ' 8.8.8.8 ')).toEqual({ ok: true, list: ['8.8.8.8'] });
    expect(withDnsServer(['8.8.8.8'], '[2001:db8::53]:5353')).toEqual({ ok: true, list: ['8.8.8.8', '[2001:db8::53]:5353'] });
    expect(withDnsServer(['8.8.8.8'], '8.8.8.8')).toEqual({ ok: true, list: ['8.8.8.8'] });
    expect(withDnsServer(['8.8.8.8'], '   ')).toEqual({ ok: true, list: ['8.8.8.8'] });
  });

  it('refuses a server that is not ip or ip:port, naming it', () => {
    expect(withDnsServer([], 'dns.google')).toEqual({ ok: false, error: { code: 10010004, params: { entry: 'dns.google' } } });
    expect(withDnsServer([], '1.1.1.1:70000')).toMatchObject({ ok: false, error: { code: 10010004 } });
  });

  it('adds tags up to 50 characters and removes them', () => {
    expect(withTag(['prod'], ' edge ')).toEqual({ ok: true, list: ['prod', 'edge'] });
    expect(withTag([], 'x'.repeat(51))).toEqual({ ok: false, error: { code: 10010005, params: { max: 50, entry: 'x'.repeat(51) } } });
    expect(without(['prod', 'edge'], 'prod')).toEqual(['edge']);
  });
});

const envelope = (code: number, errors: FieldError[] = []) =>
  new ApiError('domainTcpCreate', { kind: 'envelope', code, message: '', errors, httpStatus: 400 });

describe('a refused save', () => {
  const values = { ...emptyTaskValues(), dnsServers: ['8.8.8.8', 'bad'] };

  it('puts 1001 field errors on the fields and nothing above the form', () => {
    expect(saveFailureOf(envelope(1001, [{ field: 'dnsServers.1', code: 10010004 }]), values)).toEqual({
      fields: { dnsServers: { code: 10010004, params: { entry: 'bad' } } },
      problem: null,
    });
  });

  it('shows a 1001 it cannot place above the form', () => {
    const failure = saveFailureOf(envelope(1001, [{ field: 'id', code: 10010001 }]), values);
    expect(failure.fields).toEqual({});
    expect(failure.problem?.kind).toBe('other');
  });

  it('puts a missing TCP port (2130) and a duplicate target (2125) on their fields', () => {
    expect(saveFailureOf(envelope(2130), values)).toEqual({ fields: { port: { code: 2130 } }, problem: null });
    expect(saveFailureOf(envelope(2125), values)).toEqual({ fields: { domain: { code: 2125 } }, problem: null });
  });

  it('explains points (2111), deploying (2131) and a vanished task (2127) above the buttons', () => {
    expect(saveFailureOf(envelope(2111), values)).toEqual({ fields: {}, problem: { kind: 'points' } });
    expect(saveFailureOf(envelope(2131), values)).toEqual({ fields: {}, problem: { kind: 'deploying' } });
    expect(saveFailureOf(envelope(2127), values)).toEqual({ fields: {}, problem: { kind: 'notFound' } });
  });

  it('keeps network and unexpected failures as a general problem', () => {
    const network = new ApiError('domainTcpCreate', { kind: 'network' });
    expect(saveFailureOf(network, values)).toEqual({ fields: {}, problem: { kind: 'other', failure: { kind: 'network' } } });
    expect(saveFailureOf(new Error('boom'), values)).toEqual({ fields: {}, problem: { kind: 'other', failure: null } });
  });
});

describe('field error texts', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions('en'), showSupportNotice: false });
  const t = i18n.t.bind(i18n);

  it('read as the catalogue says, naming the line or entry', () => {
    expect(formErrorText({ code: 10010002 }, t)).toBe('This field is required');
    expect(formErrorText({ code: 10010004, params: { line: 3 } }, t)).toBe('Line 3: Invalid format');
    expect(formErrorText({ code: 10010004, params: { entry: 'dns.google' } }, t)).toBe('dns.google: Invalid format');
    expect(formErrorText({ code: 10010005, params: { max: 50, entry: 'x' } }, t)).toBe('x: Must be at most 50 characters');
    expect(formErrorText({ code: 2130 }, t)).toBe('The monitoring port is required');
  });
});

describe('where the form goes after saving', () => {
  it('goes back where the user came from, else to the list of the type', () => {
    expect(returnPathOf({ from: '/monitor/3?page=2&tag=prod' }, 3)).toBe('/monitor/3?page=2&tag=prod');
    expect(returnPathOf({ from: '/monitor/3/detail/9' }, 3)).toBe('/monitor/3/detail/9');
    expect(returnPathOf(null, 4)).toBe('/monitor/4');
    expect(returnPathOf({}, 5)).toBe('/monitor/5');
  });

  it('never leaves the console or returns to a task form', () => {
    expect(returnPathOf({ from: 'https://elsewhere.example/' }, 1)).toBe('/monitor/1');
    expect(returnPathOf({ from: '//elsewhere.example/' }, 1)).toBe('/monitor/1');
    expect(returnPathOf({ from: '/\\elsewhere.example' }, 1)).toBe('/monitor/1');
    expect(returnPathOf({ from: '/monitor/edit/4' }, 1)).toBe('/monitor/1');
    expect(returnPathOf({ from: 42 }, 2)).toBe('/monitor/2');
  });
});
