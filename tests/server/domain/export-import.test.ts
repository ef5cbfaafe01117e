import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadImportLookups, readImportFile, rowToTaskInput } from '../../../src/server/modules/import-file/index.js';
import { importText } from '../../../src/server/modules/import-file/texts.js';
import { taskDefaults, type TaskFields } from '../../../src/server/modules/tasks/task-input.js';
import { taskOfRow } from '../../../src/server/modules/tasks/task-model.js';
import { DomainExportAnswer } from '../../../src/shared/calls/domain-import.js';
import { LANGUAGES, type Language } from '../../../src/shared/constants.js';
import { IMPORT_SHEETS, importColumnHeaderKey } from '../../../src/shared/import/template.js';
import { bodyOf, domainFixture, type DomainFixture } from './domain-helpers.js';

// Export → import: each type's list exported through /domain/export and written as the console
// writes it (the template's five tabs in order, headers in the user's language, the rows in the
// type's tab, every cell text) reads back through the import into task inputs whose fields are
// exactly the original tasks'.

let fx: DomainFixture;

beforeAll(async () => {
  fx = await domainFixture();
  const [a, b, c] = fx.nodes;
  const group = await fx.call('/domain_group/addr', { name: '=Edge group', ips: ['192.0.2.10'] });
  expect(group.code, group.body).toBe(200);
  const full = { matchingIps: ['192.0.2.1', '2001:db8::1'], domainGroup: '@Shops', tags: ['prod', '+eu', '-x'], serialNumber: '=SN-7', region: 'North' };
  await fx.create('icmp', bodyOf('icmp', [a, b, c], { name: '=1+1', ...full }));
  await fx.create('icmp', bodyOf('icmp', [a], { name: 'Plain ping', domain: 'gw.example.com', status: 2, frequencyMinutes: 60 }));
  await fx.create('tcp', bodyOf('tcp', [b], { name: '-Database', matchedIpGroupId: group.data.id, status: 2, port: 0 }));
  await fx.create('http', bodyOf('http', [a, b], { name: 'Shop', otherPath: '', port: 8080, ...full }));
  await fx.create('https', bodyOf('https', [a], { name: 'Secure', port: null, otherPath: 'login?next=/a', frequencyMinutes: 15 }));
  await fx.create('dns', bodyOf('dns', [a, c], { name: 'Resolver', dnsServers: ['8.8.8.8', '1.1.1.1:5353', '[2001:db8::53]:53'], protocol: 'TXT', tags: ['dns'] }));
  await fx.create('dns', bodyOf('dns', [c], { name: 'Default record', dnsServers: ['9.9.9.9'], protocol: undefined }));
}, 60_000);
afterAll(() => fx.close());

async function exported(type: number, language: Language): Promise<DomainExportAnswer> {
  const response = await fx.server.call('/domain/export', { token: fx.token, body: { type, pageSize: 100 }, headers: { cookie: `lang=${language}` } });
  const json = response.json();
  expect(json.code, response.body).toBe(200);
  return DomainExportAnswer.parse(json.data);
}

/** The console's file: the five tabs, headers in the language, the type's rows as text cells. */
function fileOf(type: number, rows: readonly string[][], language: Language): Uint8Array {
  const book = XLSX.utils.book_new();
  for (const tab of IMPORT_SHEETS) {
    const header = tab.columns.map((column) => importText(language, importColumnHeaderKey(column)));
    const cells = [header, ...(tab.type === type ? rows : [])].map((row) => row.map((value) => ({ t: 's', v: value })));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(cells), tab.name);
  }
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer);
}

async function originals(type: number): Promise<TaskFields[]> {
  const rows = await fx.server.db.selectFrom('tasks').selectAll().where('cust_id', '=', fx.server.custId).where('type', '=', type).orderBy('id', 'desc').execute();
  return rows.map((row) => {
    const { id: _id, custId: _custId, version: _version, deletedAt: _deletedAt, createdAt: _createdAt, updatedAt: _updatedAt, chargedPoints: _points, ...fields } = taskOfRow(row);
    return fields;
  });
}

describe('export → import', () => {
  it("reads every type's exported tasks back as inputs with exactly the original fields, in each language", async () => {
    const lookups = await loadImportLookups(fx.server.db, fx.server.custId);
    for (const language of LANGUAGES) {
      for (const { type } of IMPORT_SHEETS) {
        const answer = await exported(type, language);
        const file = readImportFile(fileOf(type, answer.rows, language), `monitor-${type}-20261126.xlsx`, language);
        const inputs = file.rows.map((row) => {
          const outcome = rowToTaskInput(row, lookups);
          if (!outcome.ok) throw new Error(`${language} type ${type} row ${row.row}: ${JSON.stringify(outcome.failure)}`);
          return { ...taskDefaults(), ...outcome.input };
        });
        expect(inputs, `${language} type ${type}`).toEqual(await originals(type));
      }
    }
  });
});
