import { describe, expect, it } from 'vitest';
import { candidateOf, checkCreate, checkUpdate } from '../../../src/client/features/task-form/form-body.js';
import { newTaskValues, valuesFromInfo, type TaskFormValues } from '../../../src/client/features/task-form/form-values.js';
import { returnPathOf } from '../../../src/client/features/task-form/return-path.js';
import { TASK_TYPE_SPECS } from '../../../src/client/features/task-form/task-types.js';
import { editPathOf } from '../../../src/client/lib/task-paths.js';
import type { DomainInfo } from '../../../src/shared/index.js';

const TRACEROUTE = 6;
const SSL = 7;

function traceValues(overrides: Partial<TaskFormValues> = {}): TaskFormValues {
  return { ...newTaskValues(TRACEROUTE, null, 10), name: 'Route to shop', domain: 'shop.example.com', nodeIds: [2, 1], ...overrides };
}

function sslValues(overrides: Partial<TaskFormValues> = {}): TaskFormValues {
  return { ...newTaskValues(SSL, TASK_TYPE_SPECS[SSL].defaultPort), name: 'Shop certificate', domain: 'shop.example.com', nodeIds: [1], ...overrides };
}

function sslInfo(overrides: Partial<DomainInfo> = {}): DomainInfo {
  return {
    id: 9,
    type: SSL,
    name: 'Shop certificate',
    domain: 'shop.example.com',
    serialNumber: '',
    region: '',
    frequencyMinutes: 60,
    status: 1,
    protocol: '',
    port: 8443,
    otherPath: '',
    matchingIps: [],
    matchedIpGroupId: null,
    dnsServers: [],
    domainGroup: '',
    tags: [],
    nodeIds: [1],
    version: 1,
    deployStatus: 'completed',
    errorNodeCount: 0,
    pointsCost: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('a new traceroute or SSL task', () => {
  it('starts at the traceroute default frequency and, for SSL, on port 443', () => {
    expect(newTaskValues(TRACEROUTE, null, 10)).toMatchObject({ frequencyMinutes: 10, port: '' });
    expect(newTaskValues(SSL, 443)).toMatchObject({ frequencyMinutes: 5, port: '443' });
  });

  it('ignores a default frequency the form does not offer', () => {
    expect(newTaskValues(TRACEROUTE, null, 7).frequencyMinutes).toBe(5);
  });
});

describe('the traceroute body', () => {
  it('carries no port, path, matching IPs or matched-IP group (the strict schema would refuse them)', () => {
    const body = candidateOf(TRACEROUTE, traceValues({ matchingIps: '203.0.113.1', matchedIpGroupId: 3, port: '80' }));
    expect(body).not.toHaveProperty('matchingIps');
    expect(body).not.toHaveProperty('matchedIpGroupId');
    expect(body).not.toHaveProperty('port');
    expect(body).not.toHaveProperty('otherPath');
  });

  it('passes the shared schema with a name, target, frequency and nodes', () => {
    const checked = checkCreate(TRACEROUTE, traceValues());
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.body).toMatchObject({ name: 'Route to shop', domain: 'shop.example.com', frequencyMinutes: 10, nodeIds: [2, 1] });
  });

  it('shows the shared codes under the fields: no nodes, a bad target, a missing name', () => {
    const checked = checkCreate(TRACEROUTE, traceValues({ name: ' ', domain: 'not a host', nodeIds: [] }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(Object.keys(checked.errors).sort()).toEqual(['domain', 'name', 'nodeIds']);
  });
});

describe('the SSL body', () => {
  it('sends the port typed, and 443 when the port is left empty', () => {
    expect(candidateOf(SSL, sslValues({ port: '8443' })).port).toBe(8443);
    expect(candidateOf(SSL, sslValues({ port: ' ' })).port).toBe(443);
    expect(candidateOf(SSL, sslValues())).not.toHaveProperty('matchingIps');
  });

  it('refuses a port that is not a number or out of range, under the port field', () => {
    for (const port of ['https', '70000']) {
      const checked = checkCreate(SSL, sslValues({ port }));
      expect(checked.ok, port).toBe(false);
      if (!checked.ok) expect(Object.keys(checked.errors)).toEqual(['port']);
    }
  });

  it('edits only what changed; clearing the port moves it back to 443 rather than keeping the old one', () => {
    const loaded = valuesFromInfo(sslInfo());
    expect(loaded.port).toBe('8443');
    const renamed = checkUpdate(SSL, 9, { ...loaded, name: 'Renamed' }, loaded);
    expect(renamed).toEqual({ ok: true, body: { id: 9, name: 'Renamed' } });
    const cleared = checkUpdate(SSL, 9, { ...loaded, port: '' }, loaded);
    expect(cleared).toEqual({ ok: true, body: { id: 9, port: 443 } });
  });
});

describe('where the traceroute forms lead', () => {
  it('edits a traceroute task at edittrace and every other type at edit', () => {
    expect(editPathOf(TRACEROUTE, 4)).toBe('/monitor/edittrace/4');
    expect(editPathOf(SSL, 4)).toBe('/monitor/edit/4');
  });

  it('never returns to a traceroute form after saving, but to the list of the type', () => {
    expect(returnPathOf({ from: '/monitor/createtrace' }, TRACEROUTE)).toBe('/monitor/6');
    expect(returnPathOf({ from: '/monitor/edittrace/3' }, TRACEROUTE)).toBe('/monitor/6');
    expect(returnPathOf({ from: '/monitor/6/tracedetail/3' }, TRACEROUTE)).toBe('/monitor/6/tracedetail/3');
    expect(returnPathOf({ from: '/monitor/createtraceroutes' }, SSL)).toBe('/monitor/createtraceroutes');
    expect(returnPathOf(null, SSL)).toBe('/monitor/7');
  });
});
