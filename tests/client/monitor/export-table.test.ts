import { describe, expect, it } from 'vitest';
import {
  EXPORT_COLUMNS,
  EXPORT_PAGE_SIZE,
  TASK_EXPORT_SHEET,
  collectRows,
  exportFileName,
  localDateTime,
  sheetRowsOf,
  templateBookOf,
} from '../../../src/client/features/monitor/export-table.js';
import { SSL_EXPORT_COLUMNS, SSL_EXPORT_SHEET } from '../../../src/client/features/monitor/ssl-export.js';
import { RESOURCES } from '../../../src/client/lib/locale-resources.js';
import { IMPORT_SHEETS } from '../../../src/shared/import/template.js';
import type { DomainListAnswer, DomainListBody, DomainListRow, SslSearchAnswer, SslSearchBody, SslTaskRow } from '../../../src/shared/index.js';

function row(id: number, overrides: Partial<DomainListRow> = {}): DomainListRow {
  return {
    id,
    type: 3,
    name: `Task ${id}`,
    domain: 'shop.example.com',
    port: 8080,
    otherPath: '/health',
    frequencyMinutes: 5,
    status: 1,
    deployStatus: 'error_nodes',
    errorNodeCount: 1,
    nodeCount: 3,
    domainGroup: 'Shops',
    tags: ['prod', 'eu'],
    availabilityPercent: 97.123456,
    avgResponseMs: 123.456,
    serviceStatus: 1,
    lastCheckAt: new Date(2026, 10, 22, 9, 5, 7).toISOString(),
    createdAt: new Date(2026, 0, 2, 3, 4, 5).toISOString(),
    ...overrides,
  };
}

/** A translator over the real English texts, as i18next would resolve `monitor:` keys. */
function translatorOf(language: keyof typeof RESOURCES) {
  return (key: string, options?: Record<string, unknown>) => translate(language, key, options);
}

function translate(language: keyof typeof RESOURCES, key: string, options?: Record<string, unknown>): string {
  const [namespace = '', path = ''] = key.split(':');
  const text = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], RESOURCES[language][namespace as 'monitor']);
  if (typeof text !== 'string') throw new Error(`no text for ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => String(options?.[name] ?? ''));
}

const englishT = translatorOf('en');

describe('exportFileName', () => {
  it('names the file by type with the local date as suffix (§9)', () => {
    expect(exportFileName(3, new Date(2026, 10, 22, 23, 59))).toBe('monitor-http-20261122.xlsx');
    expect(exportFileName(1, new Date(2027, 0, 5))).toBe('monitor-icmp-20270105.xlsx');
    expect(exportFileName(5, new Date(2027, 0, 5))).toBe('monitor-dns-20270105.xlsx');
    expect(exportFileName(7, new Date(2027, 0, 5))).toBe('monitor-ssl-20270105.xlsx');
  });
});

describe('the traceroute export sheet', () => {
  it('writes a translated header, then one row of values per task', () => {
    const [header, first, second] = sheetRowsOf(TASK_EXPORT_SHEET, [row(7), row(8, { availabilityPercent: null, avgResponseMs: null, serviceStatus: 0, status: 2, tags: [], lastCheckAt: null, port: null, otherPath: '' })], englishT);
    expect(header).toHaveLength(EXPORT_COLUMNS.length);
    expect(header?.slice(0, 3)).toEqual(['ID', 'Name', 'Domain']);
    expect(first).toEqual([
      7,
      'Task 7',
      'shop.example.com:8080/health',
      5,
      'Enabled',
      97.12,
      123.5,
      'Normal',
      'Error nodes',
      1,
      3,
      'Shops',
      'prod, eu',
      '2026-11-22 09:05:07',
      '2026-01-02 03:04:05',
    ]);
    expect(second?.slice(0, 8)).toEqual([8, 'Task 8', 'shop.example.com', 5, 'Disabled', null, null, 'No data']);
    expect(second?.[12]).toBe('');
    expect(second?.[13]).toBe('');
  });
});

describe('the template export (types 1-5)', () => {
  it("writes the import template's five tabs in order, headers in the user's language, the rows in the type's tab", () => {
    const row = ['=Database', 'db.example.com', '5432', '5', 'Local\nBeijing', '', '', '', '+eu\n-x\n@y', 'No', '', ''];
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
      const book = templateBookOf(2, [row], translatorOf(language));
      expect(book.map((sheet) => sheet.name)).toEqual(['ICMP', 'TCP', 'HTTP', 'HTTPS', 'DNS']);
      book.forEach((sheet, index) => {
        const header = IMPORT_SHEETS[index]?.columns.map((column) => translate(language, `import:columns.${column}`));
        expect(sheet.rows).toEqual(sheet.name === 'TCP' ? [header, row] : [header]);
      });
    }
    expect(templateBookOf(2, [], englishT)[1]?.rows[0]?.slice(0, 4)).toEqual(['Name', 'Domain or IP', 'Port', 'Frequency (minutes)']);
  });
});

describe('localDateTime', () => {
  it('reads nothing from a missing or broken time', () => {
    expect(localDateTime(null)).toBe('');
    expect(localDateTime('not a time')).toBe('');
  });
});

describe('collectRows', () => {
  function pages(total: number) {
    const asked: DomainListBody[] = [];
    const fetchPage = async (body: DomainListBody): Promise<DomainListAnswer> => {
      asked.push(body);
      const start = ((body.page ?? 1) - 1) * EXPORT_PAGE_SIZE;
      const ids = Array.from({ length: Math.max(0, Math.min(EXPORT_PAGE_SIZE, total - start)) }, (_, index) => start + index + 1);
      return { list: ids.map((id) => row(id)), total, from: '', to: '' };
    };
    return { asked, fetchPage };
  }
  const body: DomainListBody = { type: 3, keyword: 'shop', page: 4, pageSize: 10, from: 1, to: 2 };

  it('asks every page of the same filters and range, 100 at a time', async () => {
    const { asked, fetchPage } = pages(250);
    const result = await collectRows(body, fetchPage);
    expect(result.total).toBe(250);
    expect(result.rows.map((task) => task.id)).toEqual(Array.from({ length: 250 }, (_, index) => index + 1));
    expect(asked).toEqual([1, 2, 3].map((page) => ({ ...body, page, pageSize: 100 })));
  });

  it('stops at the cap and says how many matched', async () => {
    const { asked, fetchPage } = pages(1_000);
    const result = await collectRows(body, fetchPage, 300);
    expect([result.rows.length, result.total, asked.length]).toEqual([300, 1_000, 3]);
  });

  it('asks once for an empty list', async () => {
    const { asked, fetchPage } = pages(0);
    expect(await collectRows(body, fetchPage)).toEqual({ rows: [], total: 0 });
    expect(asked).toHaveLength(1);
  });
});

function sslRow(id: number, overrides: Partial<SslTaskRow> = {}): SslTaskRow {
  return {
    id,
    name: `Cert ${id}`,
    domain: 'shop.example.com',
    port: 8443,
    status: 1,
    frequencyMinutes: 60,
    nodeCount: 2,
    deployStatus: 'completed',
    errorNodeCount: 0,
    domainGroup: '',
    tags: [],
    validTo: new Date(2026, 11, 24, 10, 0, 0).toISOString(),
    daysLeft: 5,
    sslStatus: 2,
    issuer: 'CN=Test CA',
    subject: 'CN=shop.example.com',
    authorized: true,
    lastCheckAt: new Date(2026, 11, 19, 8, 30, 0).toISOString(),
    createdAt: new Date(2026, 0, 2).toISOString(),
    ...overrides,
  };
}

describe('the SSL export sheet', () => {
  it('writes name, domain, port, expiry, days left, last check, SSL status and status', () => {
    const [header, soon, fresh] = sheetRowsOf(SSL_EXPORT_SHEET, [sslRow(1), sslRow(2, { validTo: null, daysLeft: null, sslStatus: null, lastCheckAt: null, status: 2 })], englishT);
    expect(header).toEqual(['Name', 'Domain', 'Port', 'Expiry date', 'Days left', 'Last check', 'SSL status', 'Status']);
    expect(soon).toEqual(['Cert 1', 'shop.example.com', 8443, '2026-12-24 10:00:00', 5, '2026-12-19 08:30:00', 'Expiring within a week', 'Enabled']);
    expect(fresh).toEqual(['Cert 2', 'shop.example.com', 8443, '', null, '', 'Not checked yet', 'Disabled']);
  });

  it('keeps days left a number, negative once expired, so the sheet sorts by it', () => {
    const [, expired] = sheetRowsOf(SSL_EXPORT_SHEET, [sslRow(3, { daysLeft: -4, sslStatus: 3 })], englishT);
    expect(expired?.[4]).toBe(-4);
    expect(expired?.[6]).toBe('Expired');
  });

  it('writes "Check failed" for a task checked without a certificate', () => {
    const [, failed] = sheetRowsOf(SSL_EXPORT_SHEET, [sslRow(4, { validTo: null, daysLeft: null, sslStatus: null })], englishT);
    expect([failed?.[3], failed?.[4], failed?.[5], failed?.[6]]).toEqual(['', null, '2026-12-19 08:30:00', 'Check failed']);
  });

  it('has its header and sheet name in all three languages', () => {
    for (const language of ['en', 'zh-cn', 'zh-tw'] as const) {
      const t = translatorOf(language);
      const [header] = sheetRowsOf(SSL_EXPORT_SHEET, [], t);
      expect(header).toHaveLength(SSL_EXPORT_COLUMNS.length);
      expect(header?.every((cell) => typeof cell === 'string' && cell !== '')).toBe(true);
      expect(t(SSL_EXPORT_SHEET.sheetNameKey)).not.toBe('');
    }
  });

  it('collects every page of the SSL search with its filters', async () => {
    const asked: SslSearchBody[] = [];
    const fetchPage = async (body: SslSearchBody): Promise<SslSearchAnswer> => {
      asked.push(body);
      const start = ((body.page ?? 1) - 1) * EXPORT_PAGE_SIZE;
      const count = Math.max(0, Math.min(EXPORT_PAGE_SIZE, 130 - start));
      return { list: Array.from({ length: count }, (_, index) => sslRow(start + index + 1)), total: 130 };
    };
    const body: SslSearchBody = { sslStatus: 2, keyword: 'shop', sortBy: 'expiry', sortOrder: 'asc', page: 2, pageSize: 30 };
    const result = await collectRows(body, fetchPage);
    expect(result.rows.map((task) => task.id)).toEqual(Array.from({ length: 130 }, (_, index) => index + 1));
    expect(asked).toEqual([1, 2].map((page) => ({ ...body, page, pageSize: 100 })));
  });
});
