import { describe, expect, it } from 'vitest';
import { IMPORT_ACCEPT, importFileProblem, megabytesText } from '../../../src/client/features/import/file-check.js';
import { IMPORT_LIMITS } from '../../../src/shared/import/template.js';

const file = (name: string, size = 10_000) => ({ name, size });

describe('the chosen file (§5: xlsx or xls only, and a file must be chosen)', () => {
  it('refuses sending nothing, with the code of a required field', () => {
    expect(importFileProblem(null)).toEqual({ kind: 'required', code: 10010002 });
  });

  it.each(['tasks.xlsx', 'tasks.xls', 'TASKS.XLSX', 'Tasks.Xls', '匯入 範本 2026.xlsx'])('takes %s', (name) => {
    expect(importFileProblem(file(name))).toBeNull();
  });

  it.each(['tasks.csv', 'tasks.xlsm', 'tasks', 'tasks.xlsx.exe', 'xlsx', 'tasks.ods'])('refuses %s, naming it', (name) => {
    expect(importFileProblem(file(name))).toEqual({ kind: 'extension', code: 10010004, name });
  });

  it('takes a file of exactly the size cap and refuses one byte more, saying both sizes in MB', () => {
    expect(importFileProblem(file('big.xlsx', IMPORT_LIMITS.fileBytes))).toBeNull();
    expect(importFileProblem(file('big.xlsx', IMPORT_LIMITS.fileBytes + 1))).toEqual({ kind: 'tooLarge', code: 10010005, sizeMb: '5', maxMb: '5' });
    expect(importFileProblem(file('big.xlsx', 12.34 * 1024 * 1024))).toMatchObject({ sizeMb: '12.3', maxMb: '5' });
  });

  it('offers only xlsx and xls in the chooser', () => {
    expect(IMPORT_ACCEPT).toBe('.xlsx,.xls');
  });
});

describe('megabytes', () => {
  it('are written with at most one decimal, and a small file is never "0 MB"', () => {
    expect(megabytesText(5 * 1024 * 1024)).toBe('5');
    expect(megabytesText(1.25 * 1024 * 1024)).toBe('1.3');
    expect(megabytesText(2_000)).toBe('0.1');
    expect(megabytesText(0)).toBe('0');
    expect(megabytesText(1234 * 1024 * 1024)).toBe('1,234');
  });
});
