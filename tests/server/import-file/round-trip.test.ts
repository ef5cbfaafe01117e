import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImportLookups, readImportFile, rowToTaskInput, writeTemplate, type ImportLookups } from '../../../src/server/modules/import-file/index.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import { IMPORT_SHEET_NAMES } from '../../../src/shared/import/template.js';
import { createTestServer, type TestServer } from '../helpers.js';
import { VALID, bytesOf, fileOf, templateTabs, workbookOf } from './import-files.js';

let server: TestServer;
let lookups: ImportLookups;
let localId: number;

beforeAll(async () => {
  server = await createTestServer();
  lookups = await loadImportLookups(server.db, server.custId);
  localId = (await server.db.selectFrom('nodes').select('id').where('slug', '=', 'local').executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('the template', () => {
  it.each(['en', 'zh-tw', 'zh-cn'] as const)('in %s reads back as one example row per tab, each a valid create input that the tasks service stores', async (language) => {
    const template = writeTemplate(language, server.clock.now());
    expect(template.fileName).toMatch(/^import-template-\d{8}\.xlsx$/);
    const { rows } = readImportFile(template.bytes, template.fileName, language);
    expect(rows.map((row) => [row.sheet, row.row])).toEqual(IMPORT_SHEET_NAMES.map((name) => [name, 2]));
    for (const row of rows) {
      const outcome = rowToTaskInput(row, lookups);
      expect(outcome, row.sheet).toMatchObject({ ok: true, input: { type: row.type, domain: 'example.com', frequencyMinutes: 5, nodeIds: [localId], status: 1 } });
    }
    // The example rows are real tasks: the tasks service takes every one (a fresh customer each language would clash on duplicates).
    if (language === 'en') {
      for (const row of rows) {
        const outcome = rowToTaskInput(row, lookups);
        if (!outcome.ok) throw new Error('row refused');
        const task = await createTask(server.app.vigil, server.custId, outcome.input);
        expect(task.nodeIds).toEqual([localId]);
      }
    }
  });

  it('has a Help tab after the five listing the frequencies and the yes/no words, and is ignored when read', () => {
    const template = writeTemplate('en', server.clock.now());
    const workbook = XLSX.read(template.bytes, { type: 'array' });
    expect(workbook.SheetNames).toEqual([...IMPORT_SHEET_NAMES, 'Help']);
    const help = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets.Help as XLSX.WorkSheet, { header: 1 });
    expect(help).toContainEqual(['Frequency (minutes)', '1, 2, 5, 10, 15, 20, 30, 60']);
    expect(help.find((row) => row[0] === 'Enabled')?.[1]).toContain('Yes or No');
  });
});

describe('rows of every tab', () => {
  it('become the inputs the create forms would send', () => {
    const { rows } = readImportFile(fileOf({ ...Object.fromEntries(IMPORT_SHEET_NAMES.map((name) => [name, [VALID[name]]])) }), 'tasks.xlsx');
    const inputs = rows.map((row) => rowToTaskInput(row, lookups));
    expect(inputs).toEqual([
      { ok: true, input: expect.objectContaining({ type: MONITOR_TYPES.ICMP, name: 'Ping', domain: 'ping.example.com', frequencyMinutes: 5, nodeIds: [localId] }) },
      { ok: true, input: expect.objectContaining({ type: MONITOR_TYPES.TCP, port: 22, frequencyMinutes: 1 }) },
      { ok: true, input: expect.objectContaining({ type: MONITOR_TYPES.HTTP, port: null, otherPath: '/health' }) },
      { ok: true, input: expect.objectContaining({ type: MONITOR_TYPES.HTTPS, port: 8443, frequencyMinutes: 60 }) },
      { ok: true, input: expect.objectContaining({ type: MONITOR_TYPES.DNS, protocol: 'AAAA', dnsServers: ['8.8.8.8', '1.1.1.1:53'] }) },
    ]);
  });

  it('takes lists one per line or separated, groups and tags, the enabled words of every language, and skips empty rows', async () => {
    const created = await server.call('/domain_group/addr', { token: await server.login(), body: { name: 'Origins', ips: ['192.0.2.1'] } });
    expect(created.json().status).toBe(true);
    const fresh = await loadImportLookups(server.db, server.custId);
    const tabs = templateTabs({
      ICMP: [
        { ...VALID.ICMP, matchingIps: '192.0.2.1\n192.0.2.2, 2001:db8::1', matchedIpGroup: 'origins', domainGroup: 'Shop', tags: 'a；b、a', enabled: '否', serialNumber: 'S-1', region: 'North' },
        {},
        { ...VALID.ICMP, domain: 'two.example.com', enabled: 'no' },
        { ...VALID.ICMP, domain: 'three.example.com', enabled: 'TRUE' },
        { ...VALID.ICMP, domain: 'four.example.com', enabled: 2 },
      ],
    });
    const { rows } = readImportFile(bytesOf(workbookOf(tabs)), 'tasks.XLSX');
    expect(rows.map((row) => row.row)).toEqual([2, 4, 5, 6]);
    const [first, ...others] = rows.map((row) => rowToTaskInput(row, fresh));
    const groupId = fresh.ipGroupIdOf('Origins');
    expect(groupId).toBeTypeOf('number');
    expect(first).toMatchObject({
      ok: true,
      input: { matchingIps: ['192.0.2.1', '192.0.2.2', '2001:db8::1'], matchedIpGroupId: groupId, domainGroup: 'Shop', tags: ['a', 'b'], status: 2, serialNumber: 'S-1', region: 'North' },
    });
    expect(others.map((outcome) => outcome.ok && outcome.input.status)).toEqual([2, 1, 2]);
  });

  it('accepts an xls file (BIFF8) and headers in any of the three languages or as column keys', () => {
    const tabs = templateTabs({ TCP: [VALID.TCP] }, 'zh-tw');
    const icmp = tabs[0];
    if (icmp) icmp.rows[0] = ['name', 'DOMAIN', ...(icmp.rows[0] ?? []).slice(2)];
    const { rows } = readImportFile(bytesOf(workbookOf(tabs), 'biff8'), 'old.xls');
    expect(rows).toHaveLength(1);
    expect(rowToTaskInput(rows[0] as never, lookups)).toMatchObject({ ok: true, input: { type: MONITOR_TYPES.TCP, port: 22 } });
  });
});
