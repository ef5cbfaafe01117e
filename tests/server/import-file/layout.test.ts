import { describe, expect, it } from 'vitest';
import { readImportFile } from '../../../src/server/modules/import-file/index.js';
import { AppError } from '../../../src/server/http/app-error.js';
import type { Language } from '../../../src/shared/constants.js';
import { VALID, bytesOf, templateTabs, workbookOf, type Tab } from './import-files.js';

/** The 2104 message a file is refused with (in `language`). */
function refusal(bytes: Uint8Array, fileName = 'tasks.xlsx', language: Language = 'en'): string {
  try {
    readImportFile(bytes, fileName, language);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.code).toBe(2104);
    return error.publicMessage;
  }
  throw new Error('the file was accepted');
}

const withRows = () => templateTabs({ HTTP: [VALID.HTTP] });

describe('tabs and columns must stay as the template has them', () => {
  it('refuses swapped tabs naming the position and the tab expected', () => {
    const tabs = withRows();
    [tabs[1], tabs[2]] = [tabs[2] as Tab, tabs[1] as Tab];
    expect(refusal(bytesOf(workbookOf(tabs)))).toBe('Tab 2 must be “TCP” (found “HTTP”): keep the template\'s five tabs in their order');
  });

  it('refuses a missing tab', () => {
    expect(refusal(bytesOf(workbookOf(withRows().slice(0, 4))))).toContain('Tab 5 must be “DNS” (found “”)');
  });

  it('refuses swapped columns naming the tab and the column, in the caller’s language', () => {
    const tabs = withRows();
    const header = tabs[2]?.rows[0] ?? [];
    [header[2], header[3]] = [header[3] as string, header[2] as string];
    expect(refusal(bytesOf(workbookOf(tabs)))).toBe('Tab HTTP, column 3: expected “Port”');
    expect(refusal(bytesOf(workbookOf(tabs)), 'tasks.xlsx', 'zh-tw')).toBe('工作表 HTTP 第 3 欄：應為「埠號」');
  });

  it('refuses a column added at the end and a removed one', () => {
    const added = withRows();
    added[4]?.rows[0]?.push('Notes');
    expect(refusal(bytesOf(workbookOf(added)))).toBe('Tab DNS, column 14: the template has no such column');
    const removed = withRows();
    removed[0]?.rows[0]?.pop();
    expect(refusal(bytesOf(workbookOf(removed)))).toBe('Tab ICMP, column 11: expected “Region”');
  });

  it('ignores tabs after the five (the Help tab) and names matched without case', () => {
    const tabs = withRows();
    tabs.push({ name: 'Notes', rows: [['anything'], ['=1+1']] });
    if (tabs[0]) tabs[0].name = 'icmp';
    expect(readImportFile(bytesOf(workbookOf(tabs)), 'tasks.xlsx').rows).toHaveLength(1);
  });

  it('refuses a file without data rows: no rows to import', () => {
    expect(refusal(bytesOf(workbookOf(templateTabs())))).toBe('No rows to import');
    expect(refusal(bytesOf(workbookOf(templateTabs())), 'tasks.xlsx', 'zh-cn')).toBe('没有可导入的数据行');
  });
});

describe('only xlsx and xls, by name and by content', () => {
  const xlsx = bytesOf(workbookOf(withRows()));
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(0)]);

  it('refuses other extensions', () => {
    expect(refusal(xlsx, 'tasks.csv')).toBe('Only .xlsx and .xls files can be imported');
    expect(refusal(xlsx, 'tasks')).toBe('Only .xlsx and .xls files can be imported');
  });

  it('refuses a PNG or a text file named .xlsx, and an xlsx named .xls', () => {
    expect(refusal(png, 'tasks.xlsx')).toContain('The file is not an xlsx spreadsheet');
    expect(refusal(new TextEncoder().encode('name,domain\nx,example.com\n'), 'tasks.xlsx')).toContain('not an xlsx spreadsheet');
    expect(refusal(xlsx, 'tasks.xls')).toContain('not an xls spreadsheet');
  });

  it('refuses a truncated xlsx', () => {
    expect(refusal(xlsx.subarray(0, xlsx.length - 30))).toBe('The file cannot be read as a spreadsheet');
  });
});
