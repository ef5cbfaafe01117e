import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translogBookOf, translogFileName } from '../../../src/client/features/account/translog-sheet.js';
import { daysReversed, translogBodyOf, translogViewOf, translogViewParams } from '../../../src/client/features/account/translog-view.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { RESOURCES } from '../../../src/client/lib/locale-resources.js';
import type { TranslogRow } from '../../../src/shared/index.js';
import { LANGUAGES } from '../../../src/shared/index.js';
import { POINT_TRANSACTION_KINDS } from '../../../src/shared/points.js';

const view = (query: string) => translogViewOf(new URLSearchParams(query));

describe('the points log view in the URL', () => {
  it('reads kind, days, page and size, and leaves out what is unknown or default', () => {
    expect(view('kind=topup&from=2026-11-01&to=2026-11-30&page=3&size=50')).toEqual({ kind: 'topup', fromDay: '2026-11-01', toDay: '2026-11-30', page: 3, pageSize: 50 });
    expect(view('kind=refund&from=yesterday&page=-1&size=20')).toEqual({ kind: null, fromDay: '', toDay: '', page: 1, pageSize: 10 });
    expect(translogViewParams(view('kind=delete&size=10&page=1')).toString()).toBe('kind=delete');
  });

  it('asks for the days as [local midnight of from, local midnight after to)', () => {
    const body = translogBodyOf(view('from=2026-11-01&to=2026-11-02'));
    expect(body.from).toBe(new Date(2026, 10, 1).getTime());
    expect(body.to).toBe(new Date(2026, 10, 3).getTime());
    expect(translogBodyOf(view(''))).toEqual({ page: 1, pageSize: 10 });
    expect(daysReversed(view('from=2026-11-02&to=2026-11-01'))).toBe(true);
    expect(daysReversed(view('from=2026-11-02&to=2026-11-02'))).toBe(false);
  });
});

describe('the points log file', () => {
  const row: TranslogRow = {
    id: 9,
    createdAt: new Date(2026, 10, 26, 9, 30, 5).toISOString(),
    kind: 'create',
    points: 12,
    balanceAfter: 9_988,
    task: { id: 4, name: '=HYPERLINK("x")', type: 3, domain: 'shop.example.com', port: 8080, otherPath: '/health', exists: false },
    note: '',
  };

  it('is named with the local date and holds a header and a row per transaction, texts as texts and points as numbers', () => {
    expect(translogFileName(new Date(2026, 0, 5))).toBe('points-log-20260105.xlsx');
    const t = i18next.createInstance();
    void t.init({ ...i18nOptions('en'), showSupportNotice: false });
    const [sheet] = translogBookOf([row, { ...row, id: 10, kind: 'topup', points: 500, task: null, note: 'Annual top-up' }], t.t.bind(t));
    expect(sheet?.name).toBe('Point transactions');
    expect(sheet?.rows).toEqual([
      ['Time', 'Kind', 'Task', 'Type', 'Target', 'Task now', 'Points', 'Balance after', 'Note'],
      ['2026-11-26 09:30:05', 'Task created', '=HYPERLINK("x")', 'HTTP', 'shop.example.com:8080/health', 'deleted', 12, 9_988, ''],
      ['2026-11-26 09:30:05', 'Top-up', '', '', '', '', 500, 9_988, 'Annual top-up'],
    ]);
  });

  it('has words for every kind of the shared list in every language', () => {
    for (const language of LANGUAGES) {
      const kinds = (RESOURCES[language].account as { kinds: Record<string, string> }).kinds;
      expect(Object.keys(kinds).sort(), language).toEqual([...POINT_TRANSACTION_KINDS].sort());
    }
  });
});
