import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedRowOf, loadImportLookups, readImportFile, rowToTaskInput, rowFailureOf, type ImportLookups } from '../../../src/server/modules/import-file/index.js';
import { AppError } from '../../../src/server/http/app-error.js';
import type { ImportSheetName } from '../../../src/shared/import/template.js';
import { createTestServer, type TestServer } from '../helpers.js';
import { VALID, fileOf, type RowCells } from './import-files.js';

let server: TestServer;
let lookups: ImportLookups;

beforeAll(async () => {
  server = await createTestServer();
  // Two nodes sharing a name (any case): the name alone is ambiguous, their codes are not.
  const [first, second] = await server.db.selectFrom('nodes').select(['id', 'slug']).where('slug', '!=', 'local').orderBy('id').limit(2).execute();
  await server.db.updateTable('nodes').set({ name: 'Twin' }).where('id', '=', first?.id ?? 0).execute();
  await server.db.updateTable('nodes').set({ name: 'twin' }).where('id', '=', second?.id ?? 0).execute();
  lookups = await loadImportLookups(server.db, server.custId);
});
afterAll(() => server.close());

interface RuleCase {
  rule: string;
  tab: ImportSheetName;
  cells: RowCells;
  errcode: number;
  field?: string;
  /** The English errmessage, when the case checks it. */
  message?: string;
}

const long = (length: number) => 'x'.repeat(length);

const CASES: RuleCase[] = [
  { rule: 'name required', tab: 'ICMP', cells: { name: '' }, errcode: 10010002, field: 'name', message: 'Name: This field is required' },
  { rule: 'name at most 255', tab: 'ICMP', cells: { name: long(256) }, errcode: 10010005, field: 'name', message: 'Name: Must be at most 255 characters' },
  { rule: 'domain required', tab: 'TCP', cells: { domain: '' }, errcode: 10010002, field: 'domain' },
  { rule: 'domain valid', tab: 'HTTP', cells: { domain: 'not a domain!' }, errcode: 10010004, field: 'domain' },
  { rule: 'a DNS task asks about a domain name', tab: 'DNS', cells: { domain: '192.0.2.1' }, errcode: 10010004, field: 'domain' },
  { rule: 'frequency one of the eight', tab: 'ICMP', cells: { frequencyMinutes: 7 }, errcode: 10010003, field: 'frequencyMinutes', message: 'Frequency (minutes): must be one of 1, 2, 5, 10, 15, 20, 30, 60 minutes' },
  { rule: 'frequency a number', tab: 'ICMP', cells: { frequencyMinutes: 'often' }, errcode: 10010001, field: 'frequencyMinutes' },
  { rule: 'frequency required', tab: 'ICMP', cells: { frequencyMinutes: '' }, errcode: 10010002, field: 'frequencyMinutes' },
  { rule: 'port 0-65535', tab: 'TCP', cells: { port: 70000 }, errcode: 10010003, field: 'port', message: 'Port: out of range (0-65535)' },
  { rule: 'port a number', tab: 'HTTPS', cells: { port: 'https' }, errcode: 10010001, field: 'port' },
  { rule: 'TCP needs a port', tab: 'TCP', cells: { port: '' }, errcode: 2130, field: 'port', message: 'Port: The monitoring port is required' },
  { rule: 'other path at most 100', tab: 'HTTP', cells: { otherPath: `/${long(100)}` }, errcode: 10010005, field: 'otherPath' },
  { rule: 'matching IPs valid', tab: 'ICMP', cells: { matchingIps: '192.0.2.1\n999.1.1.1' }, errcode: 10010004, field: 'matchingIps', message: 'Matching IPs: Invalid format: “999.1.1.1”' },
  { rule: 'group at most 50', tab: 'ICMP', cells: { domainGroup: long(51) }, errcode: 10010005, field: 'domainGroup' },
  { rule: 'tags at most 50 each', tab: 'HTTPS', cells: { tags: `ok\n${long(51)}` }, errcode: 10010005, field: 'tags' },
  { rule: 'at least one node', tab: 'ICMP', cells: { nodes: '' }, errcode: 10010002, field: 'nodes' },
  { rule: 'nodes are known', tab: 'ICMP', cells: { nodes: 'Local\nAtlantis' }, errcode: 10010003, field: 'nodes', message: 'Monitor nodes: no monitor node is named “Atlantis”' },
  { rule: 'a name two nodes share is ambiguous', tab: 'ICMP', cells: { nodes: 'TWIN' }, errcode: 10010003, field: 'nodes', message: 'Monitor nodes: several monitor nodes are named “TWIN”; give the node\'s code instead' },
  { rule: 'at least one DNS server', tab: 'DNS', cells: { dnsServers: '' }, errcode: 10010002, field: 'dnsServers' },
  { rule: 'DNS servers are ip, ip:port or a provider', tab: 'DNS', cells: { dnsServers: 'Quad9\nresolver.example' }, errcode: 10010004, field: 'dnsServers' },
  { rule: 'record type known', tab: 'DNS', cells: { recordType: 'SRV' }, errcode: 10010003, field: 'recordType' },
  { rule: 'enabled yes or no', tab: 'TCP', cells: { enabled: 'maybe' }, errcode: 10010003, field: 'enabled', message: 'Enabled: “maybe” is neither yes nor no' },
  { rule: 'matched-IP group is the customer’s', tab: 'ICMP', cells: { matchedIpGroup: 'Nowhere' }, errcode: 10010003, field: 'matchedIpGroup' },
  { rule: 'serial number at most 255', tab: 'ICMP', cells: { serialNumber: long(256) }, errcode: 10010005, field: 'serialNumber' },
  { rule: 'a cell over 4,096 characters', tab: 'HTTP', cells: { region: long(5_000) }, errcode: 10010005, field: 'region', message: 'Region: Must be at most 4096 characters' },
];

describe('every §5 rule gives its errcode on its row', () => {
  it('one file with a bad row per rule between good rows: each bad row fails with its code, column and text; the good ones pass', () => {
    const rows: Partial<Record<ImportSheetName, RowCells[]>> = {};
    for (const item of CASES) (rows[item.tab] ??= [VALID[item.tab]]).push({ ...VALID[item.tab], ...item.cells });
    const file = readImportFile(fileOf(rows), 'rules.xlsx');
    const seen = new Map<ImportSheetName, number>();
    const failures = file.rows.flatMap((row) => {
      const outcome = rowToTaskInput(row, lookups);
      const index = seen.get(row.sheet) ?? 0;
      seen.set(row.sheet, index + 1);
      if (index === 0) expect(outcome.ok, `${row.sheet}: the valid row`).toBe(true);
      return outcome.ok ? [] : [failedRowOf(row, outcome.failure, 'en')];
    });
    const expected = CASES.map((item) => item);
    expect(failures).toHaveLength(expected.length);
    for (const item of expected) {
      const tabCases = CASES.filter((other) => other.tab === item.tab);
      const row = tabCases.indexOf(item) + 3; // header, the valid row, then the cases in order
      const failure = failures.find((candidate) => candidate.protocol === item.tab && candidate.row === row);
      expect(failure, item.rule).toMatchObject({ errcode: item.errcode });
      if (item.message) expect(failure?.errmessage, item.rule).toBe(item.message);
      expect(failure?.errmessage, item.rule).not.toMatch(/^\d+$/);
    }
  });

  it('names the column of each failure', () => {
    for (const item of CASES) {
      const file = readImportFile(fileOf({ [item.tab]: [{ ...VALID[item.tab], ...item.cells }] }), 'one.xlsx');
      const outcome = rowToTaskInput(file.rows[0] as never, lookups);
      expect(outcome, item.rule).toMatchObject({ ok: false, failure: { errcode: item.errcode, field: item.field } });
    }
  });

  it('renders the errmessage in the language asked, and the failed row keeps tab, row, domain and port', () => {
    const file = readImportFile(fileOf({ TCP: [{ ...VALID.TCP, port: 70000 }] }), 'one.xlsx');
    const row = file.rows[0];
    const outcome = row && rowToTaskInput(row, lookups);
    if (!row || !outcome || outcome.ok) throw new Error('expected a failure');
    expect(failedRowOf(row, outcome.failure, 'zh-tw')).toEqual({ protocol: 'TCP', row: 2, domain: 'tcp.example.com', port: '70000', errcode: 10010003, errmessage: '埠號：超出範圍（0-65535）' });
    expect(failedRowOf(row, outcome.failure, 'zh-cn').errmessage).toBe('端口：超出范围（0-65535）');
  });

  it('turns the errors a task create raises at write time into failed rows (duplicate, private target with its message)', () => {
    const file = readImportFile(fileOf({ HTTP: [VALID.HTTP] }), 'one.xlsx');
    const row = file.rows[0];
    if (!row) throw new Error('no row');
    const duplicate = rowFailureOf(new AppError(2125));
    expect(duplicate).toEqual({ errcode: 2125, field: 'domain' });
    expect(failedRowOf(row, duplicate as never, 'en').errmessage).toBe('Domain or IP: The monitored domain already exists');
    const points = rowFailureOf(new AppError(2111, { message: 'needs 12 more points' }));
    expect(failedRowOf(row, points as never, 'en').errmessage).toBe('Not enough remaining points to create the task (needs 12 more points)');
    const nodes = rowFailureOf(new AppError(1001, { data: { errors: [{ field: 'dnsServers.1', code: 10010003 }] } }), { dnsServers: ['8.8.8.8', '10.0.0.1'] });
    expect(nodes).toEqual({ errcode: 10010003, field: 'dnsServers', params: { entry: '10.0.0.1' } });
    expect(rowFailureOf(new Error('disk full'))).toBeUndefined();
  });
});
