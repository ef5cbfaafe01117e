import { describe, expect, it } from 'vitest';
import {
  candidateOf,
  changesAnything,
  checkCreate,
  checkUpdate,
  errorCount,
  formErrorsOf,
  pendingEntryErrors,
  portValueOf,
  withFieldError,
} from '../../../src/client/features/task-form/form-body.js';
import { emptyTaskValues, valuesDiffer, valuesFromInfo, type TaskFormValues } from '../../../src/client/features/task-form/form-values.js';
import { TASK_TYPE_SPECS, isFormTaskType } from '../../../src/client/features/task-form/task-types.js';
import type { DomainInfo } from '../../../src/shared/index.js';

const ICMP = 1;
const TCP = 2;
const HTTP = 3;
const HTTPS = 4;
const DNS = 5;

function values(overrides: Partial<TaskFormValues> = {}): TaskFormValues {
  return { ...emptyTaskValues(), name: 'Home page', domain: 'example.com', nodeIds: [3, 1], ...overrides };
}

function info(overrides: Partial<DomainInfo> = {}): DomainInfo {
  return {
    id: 42,
    type: HTTPS,
    name: 'Shop',
    domain: 'shop.example.com',
    serialNumber: 'SN-7',
    region: 'North',
    frequencyMinutes: 10,
    status: 1,
    protocol: '',
    port: 8443,
    otherPath: '/health',
    matchingIps: ['203.0.113.10', '2001:db8::1'],
    matchedIpGroupId: 4,
    dnsServers: [],
    nodeIds: [5, 2],
    domainGroup: 'Web',
    tags: ['prod', 'eu'],
    version: 3,
    deployStatus: 'completed',
    errorNodeCount: 0,
    pointsCost: 12,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}

describe('the create body of each type', () => {
  it('carries the common fields, trimmed, with the matching IPs as a list and the nodes once each', () => {
    const checked = checkCreate(
      ICMP,
      values({ name: '  Home page ', domain: ' example.com ', matchingIps: '203.0.113.10\n\n 203.0.113.11 \n203.0.113.10', nodeIds: [3, 1, 3], tags: [' a ', 'b'] }),
    );
    expect(checked).toEqual({
      ok: true,
      body: {
        name: 'Home page',
        domain: 'example.com',
        frequencyMinutes: 5,
        status: 1,
        serialNumber: '',
        region: '',
        matchingIps: ['203.0.113.10', '203.0.113.11'],
        matchedIpGroupId: null,
        domainGroup: '',
        tags: ['a', 'b'],
        nodeIds: [3, 1],
      },
    });
  });

  it('sends only the fields its type takes (the call bodies are strict)', () => {
    expect(Object.keys(candidateOf(ICMP, values()))).not.toContain('port');
    expect(candidateOf(TCP, values({ port: '22' }))).toMatchObject({ port: 22 });
    expect(candidateOf(TCP, values())).not.toHaveProperty('otherPath');
    expect(candidateOf(HTTP, values({ port: '', otherPath: ' /health ' }))).toMatchObject({ port: null, otherPath: '/health' });
    const dns = candidateOf(DNS, values({ recordType: 'MX', dnsServers: [' 8.8.8.8 ', '1.1.1.1:53', '8.8.8.8'], port: '53' }));
    expect(dns).toMatchObject({ protocol: 'MX', dnsServers: ['8.8.8.8', '1.1.1.1:53'] });
    expect(dns).not.toHaveProperty('port');
  });

  it('passes every type with valid values', () => {
    for (const type of [ICMP, TCP, HTTP, HTTPS, DNS] as const) {
      const checked = checkCreate(type, values({ port: '443', dnsServers: ['8.8.8.8'] }));
      expect(checked.ok, String(type)).toBe(true);
    }
  });

  it('reads the port as typed: empty is none, digits a number, anything else a wrong type', () => {
    expect(portValueOf('')).toBeNull();
    expect(portValueOf(' 8080 ')).toBe(8080);
    expect(portValueOf('80a')).toBe('80a');
    expect(checkCreate(HTTP, values({ port: '80a' }))).toEqual({ ok: false, errors: { port: { code: 10010001 } } });
    expect(checkCreate(HTTP, values({ port: '70000' }))).toMatchObject({ ok: false, errors: { port: { code: 10010003 } } });
    expect(checkCreate(HTTPS, values({ port: '' })).ok).toBe(true);
  });

  it('refuses a TCP task without a port as the server does (2130), with the other errors at once', () => {
    expect(checkCreate(TCP, values({ port: '' }))).toEqual({ ok: false, errors: { port: { code: 2130 } } });
    expect(checkCreate(TCP, values({ port: ' ', name: '' }))).toEqual({ ok: false, errors: { name: { code: 10010002 }, port: { code: 2130 } } });
    expect(checkCreate(TCP, values({ port: '0' })).ok).toBe(true);
  });
});

describe('checking with the shared schemas', () => {
  it('gives the catalogue codes the server answers', () => {
    const checked = checkCreate(HTTP, values({ name: 'x'.repeat(256), domain: 'not a domain', otherPath: `/${'p'.repeat(100)}`, nodeIds: [] }));
    expect(checked).toEqual({
      ok: false,
      errors: {
        name: { code: 10010005, params: { max: 255 } },
        domain: { code: 10010004 },
        otherPath: { code: 10010005, params: { max: 100 } },
        nodeIds: { code: 10010002, params: { min: 1 } },
      },
    });
  });

  it('wants a domain name, not an IP, for DNS, and at least one DNS server', () => {
    expect(checkCreate(DNS, values({ domain: '192.0.2.1', dnsServers: [] }))).toEqual({
      ok: false,
      errors: { domain: { code: 10010004 }, dnsServers: { code: 10010002, params: { min: 1 } } },
    });
    expect(checkCreate(ICMP, values({ domain: '192.0.2.1' })).ok).toBe(true);
  });

  it('names the line of a bad matching IP, counting blank lines as the user sees them', () => {
    const checked = checkCreate(ICMP, values({ matchingIps: '203.0.113.10\n\n203.0.113.300\nnope' }));
    expect(checked).toEqual({ ok: false, errors: { matchingIps: { code: 10010004, params: { line: 3 } } } });
  });

  it('names the tag that is too long', () => {
    const long = 't'.repeat(51);
    expect(checkCreate(ICMP, values({ tags: ['ok', long] }))).toEqual({
      ok: false,
      errors: { tags: { code: 10010005, params: { max: 50, entry: long } } },
    });
    expect(checkCreate(ICMP, values({ domainGroup: 'g'.repeat(51) }))).toMatchObject({ ok: false, errors: { domainGroup: { code: 10010005 } } });
  });
});

describe('server field errors on the form', () => {
  it('puts 1001 inner errors on their fields, the record type under its own name', () => {
    const form = values({ matchingIps: '\n203.0.113.1\n203.0.113.2', dnsServers: ['8.8.8.8', '9.9.9.9:99999'] });
    const placed = formErrorsOf(
      [
        { field: 'nodeIds', code: 10010003 },
        { field: 'matchingIps.1', code: 10010004 },
        { field: 'dnsServers.1', code: 10010004 },
        { field: 'protocol', code: 10010003 },
        { field: 'nodeIds.0', code: 10010003 },
        { field: 'surprise', code: 10010001 },
      ],
      form,
    );
    expect(placed.fields).toEqual({
      nodeIds: { code: 10010003 },
      matchingIps: { code: 10010004, params: { line: 3 } },
      dnsServers: { code: 10010004, params: { entry: '9.9.9.9:99999' } },
      recordType: { code: 10010003 },
    });
    expect(placed.unplaced).toEqual([{ field: 'surprise', code: 10010001 }]);
  });
});

describe('text waiting in the DNS server and tag inputs', () => {
  it('holds the save while a refused entry is still typed there, and not once it is fixed or gone', () => {
    const refused = { dnsServers: { code: 10010004, params: { entry: 'dns.google' } }, name: { code: 10010002 } };
    expect(pendingEntryErrors(refused, values({ dnsServers: ['8.8.8.8'] }))).toEqual({ dnsServers: refused.dnsServers });
    expect(pendingEntryErrors(refused, values({ dnsServers: ['dns.google'] }))).toEqual({});
    expect(pendingEntryErrors({ tags: { code: 10010002, params: { min: 1 } } }, values())).toEqual({});
  });
});

describe('the error summary', () => {
  it('counts only fields in error now: a chip field clearing its error after adding an entry leaves nothing to count', () => {
    const tagRefused = withFieldError({}, 'tags', { code: 10010004, params: { entry: 'x'.repeat(51) } });
    expect(errorCount(tagRefused)).toBe(1);
    const tagAdded = withFieldError(tagRefused, 'tags', undefined);
    expect(tagAdded).toEqual({});
    expect(errorCount(tagAdded)).toBe(0);
    // Clearing a field that had no error changes nothing (the same object: no needless render).
    const none = {};
    expect(withFieldError(none, 'dnsServers', undefined)).toBe(none);
    // A key left holding undefined (as an older form state could) is not a field in error.
    expect(errorCount({ tags: undefined, name: { code: 10010002 } })).toBe(1);
  });
});

describe('editing a saved task', () => {
  it('shows the task as it was saved and sends it back unchanged', () => {
    const loaded = valuesFromInfo(info());
    expect(loaded).toMatchObject({ port: '8443', matchingIps: '203.0.113.10\n2001:db8::1', recordType: 'A', nodeIds: [5, 2] });
    expect(checkCreate(HTTPS, loaded)).toMatchObject({ ok: true, body: { port: 8443, otherPath: '/health', matchedIpGroupId: 4, tags: ['prod', 'eu'] } });
    expect(valuesDiffer(loaded, valuesFromInfo(info()))).toBe(false);
  });

  it('reads a DNS task record type from its protocol', () => {
    expect(valuesFromInfo(info({ type: DNS, protocol: 'aaaa', port: null, dnsServers: ['8.8.8.8'] }))).toMatchObject({
      recordType: 'AAAA',
      port: '',
      dnsServers: ['8.8.8.8'],
    });
  });

  it('sends the id and only what changed; node order is no change', () => {
    const loaded = valuesFromInfo(info());
    const edited = { ...loaded, name: 'Shop 2', nodeIds: [2, 5, 9], matchingIps: `${loaded.matchingIps}\n` };
    expect(checkUpdate(HTTPS, 42, edited, loaded)).toEqual({ ok: true, body: { id: 42, name: 'Shop 2', nodeIds: [2, 5, 9] } });
    const reordered = checkUpdate(HTTPS, 42, { ...loaded, nodeIds: [2, 5] }, loaded);
    expect(reordered).toEqual({ ok: true, body: { id: 42 } });
    expect(reordered.ok && changesAnything(reordered.body)).toBe(false);
    expect(valuesDiffer({ ...loaded, nodeIds: [2, 5] }, loaded)).toBe(false);
  });

  it('can clear optional fields: no port, no group, no matched-IP group', () => {
    const loaded = valuesFromInfo(info());
    const cleared = { ...loaded, port: '', domainGroup: '', matchedIpGroupId: null, tags: [] };
    expect(checkUpdate(HTTPS, 42, cleared, loaded)).toEqual({
      ok: true,
      body: { id: 42, port: null, domainGroup: '', matchedIpGroupId: null, tags: [] },
    });
  });

  it('checks the whole task before sending a change', () => {
    const loaded = valuesFromInfo(info());
    expect(checkUpdate(HTTPS, 42, { ...loaded, nodeIds: [] }, loaded)).toEqual({ ok: false, errors: { nodeIds: { code: 10010002, params: { min: 1 } } } });
  });
});

describe('the types the forms serve', () => {
  it('are all seven types (traceroute through its own screen)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].filter(isFormTaskType)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(TASK_TYPE_SPECS[TCP]).toMatchObject({ hasPort: true, portRequired: true, hasPath: false });
    expect(TASK_TYPE_SPECS[HTTPS]).toMatchObject({ hasPort: true, portRequired: false, hasPath: true, defaultPort: 443 });
    expect(TASK_TYPE_SPECS[DNS]).toMatchObject({ hasPort: false, isDns: true });
  });
});
