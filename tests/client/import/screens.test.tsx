import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { DangerButton } from '../../../src/client/components/danger-button.js';
import { checkTaskQuery, taskProgressQuery } from '../../../src/client/features/import/api.js';
import { taskCompletedQuery, taskFailedRowsQuery } from '../../../src/client/features/import/screen-api.js';
import { ImportLockBanner } from '../../../src/client/features/import/index.js';
import { ImportPage } from '../../../src/client/features/import/screen.js';
import { EditLink, StatusSwitch, type ActionableRow } from '../../../src/client/features/monitor/components/task-cells.js';
import { ImportActivityContext, type ImportActivity } from '../../../src/client/lib/import-activity.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import { shouldPersistQuery } from '../../../src/client/lib/offline/persist-policy.js';
import type { ImportResult, Language } from '../../../src/shared/index.js';

const LOCK_REASON = 'A scheduled task is still processing, please wait';
const DISABLED = /\sdisabled=""/;

interface RenderOptions {
  language?: Language;
  activity?: ImportActivity | null;
  seed?: (client: QueryClient) => void;
  url?: string;
}

function render(element: ReactElement, { language = 'en', activity = null, seed, url = '/monitor/import' }: RenderOptions = {}): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  const client = new QueryClient();
  seed?.(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <ImportActivityContext.Provider value={activity}>
          <MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>
        </ImportActivityContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The upload button's own tag. */
const uploadButton = (html: string) => /<button[^>]*type="submit"[^>]*>/.exec(html)?.[0] ?? '';

const RUNNING: ImportActivity = { sno: 'imp-7', progress: { sno: 'imp-7', total: 200, processed: 85, success: 80, fail: 5, percent: 42.5 } };

const RESULT: ImportResult = {
  sno: 'imp-6',
  total: 12,
  success: 9,
  fail: 3,
  elapsedTime: { day: 0, hour: 0, minute: 1, second: 4, ms: 120 },
  endtime: '2026-11-26T08:00:00.000Z',
};

function seedFinished(result: ImportResult) {
  return (client: QueryClient) => {
    client.setQueryData(checkTaskQuery().queryKey, { processing: null, completed: [result.sno] });
    client.setQueryData(taskCompletedQuery(result.sno).queryKey, result);
  };
}

describe('the import screen', () => {
  it('explains the steps and offers the template and the chooser of xlsx and xls files', () => {
    const html = render(<ImportPage readOnly={null} />);
    expect(text(html)).toContain('1. Download the template');
    expect(text(html)).toContain('at most 5 MB and 10,000 rows');
    expect(html).toContain('accept=".xlsx,.xls"');
    expect(uploadButton(html)).not.toMatch(DISABLED);
  });

  it('in administrator view, keeps the upload disabled and says why', () => {
    const html = render(<ImportPage readOnly="admin" />);
    expect(uploadButton(html)).toMatch(DISABLED);
    expect(uploadButton(html)).toContain('title="Data cannot be changed in administrator view."');
    expect(text(html)).toContain('Data cannot be changed in administrator view.');
    // Downloading the template changes nothing: it stays open.
    expect(/<button[^>]*type="button"[^>]*>/.exec(html)?.[0]).not.toMatch(DISABLED);
  });

  it('with a view-only privilege, says that too', () => {
    expect(text(render(<ImportPage readOnly="viewOnly" />, { language: 'zh-tw' }))).toContain('您的權限僅能檢視監控任務，無法匯入任務。');
  });

  it('while an import processes, shows its progress and refuses another upload with the 2105 text', () => {
    const html = render(<ImportPage readOnly={null} />, { activity: RUNNING });
    expect(uploadButton(html)).toMatch(DISABLED);
    expect(uploadButton(html)).toContain(`title="${LOCK_REASON}"`);
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuenow="42.5"/);
    expect(text(html)).toContain('42.5 % 85 of 200 rows processed Imported: 80 Failed: 5');
  });

  it('before the first poll answers, says the import has started', () => {
    const html = render(<ImportPage readOnly={null} />, { activity: { sno: 'imp-7', progress: null } });
    expect(text(html)).toContain('The import has started; its progress shows in a moment.');
  });

  it('once finished, shows the newest result: counts, time taken, end time, and the failed rows to show and download', () => {
    const html = render(<ImportPage readOnly={null} />, { seed: seedFinished(RESULT) });
    expect(text(html)).toContain('Rows 12 Imported 9 Failed 3 Time taken 1 min 4 s');
    expect(text(html)).toContain('Show the failed rows (3)');
    expect(text(html)).toContain('Download the failed rows');
  });

  it('says every row was imported when none failed, in Simplified Chinese too', () => {
    const html = render(<ImportPage readOnly={null} />, { language: 'zh-cn', seed: seedFinished({ ...RESULT, success: 12, fail: 0 }) });
    expect(text(html)).toContain('所有行均已导入。');
    expect(text(html)).not.toContain('显示失败的行');
  });

  it('shows the import the URL names (?sno=) over the newest one', () => {
    const other = { ...RESULT, sno: 'imp-3', total: 40 };
    const html = render(<ImportPage readOnly={null} />, {
      url: '/monitor/import?sno=imp-3',
      seed: (client) => {
        seedFinished(RESULT)(client);
        client.setQueryData(taskCompletedQuery('imp-3').queryKey, other);
      },
    });
    expect(html).toContain('data-import-result="imp-3"');
  });
});

describe('the import queries', () => {
  it('are never kept on the device: progress and checkTask are always asked live', () => {
    for (const options of [checkTaskQuery(), taskProgressQuery('imp-1'), taskCompletedQuery('imp-1'), taskFailedRowsQuery('imp-1')]) {
      expect(shouldPersistQuery({ meta: options.meta, state: { status: 'success', data: { processing: 'imp-1', completed: [] } } })).toBe(false);
    }
  });
});

const TASK: ActionableRow = { id: 4, name: 'Shop', status: 1, deployStatus: 'completed', errorNodeCount: 0 };

function TaskControls() {
  const { t } = useTranslation();
  const actions = { readOnly: false, onToggleStatus: () => undefined, onOpenDeploy: () => undefined, pendingStatusId: null };
  return (
    <>
      <StatusSwitch row={TASK} actions={actions} t={t} />
      <EditLink to="/monitor/edit/4" name="Shop" t={t} />
      <DangerButton taskChange>Delete</DangerButton>
      <DangerButton>Delete a group</DangerButton>
    </>
  );
}

describe('task changes while an import processes', () => {
  it('are disabled with the 2105 text as their reason; other changes stay open', () => {
    const html = render(<TaskControls />, { activity: RUNNING });
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons[0]).toMatch(DISABLED);
    expect(buttons[0]).toContain(`title="${LOCK_REASON}"`);
    expect(buttons[1]).toMatch(DISABLED);
    expect(buttons[2]).not.toMatch(DISABLED);
    expect(html).toContain('aria-disabled="true"');
    expect(html).not.toContain('href="/monitor/edit/4"');
  });

  it('work as usual without an import', () => {
    const html = render(<TaskControls />);
    for (const button of html.match(/<button[^>]*>/g) ?? []) expect(button).not.toMatch(DISABLED);
    expect(html).toContain('href="/monitor/edit/4"');
  });

  it('are explained by the banner: how far the import is and why changes wait', () => {
    expect(text(render(<ImportLockBanner />, { activity: RUNNING }))).toContain(`An import is running: 42.5 %. ${LOCK_REASON} See the import`);
    expect(text(render(<ImportLockBanner />, { activity: { sno: 'imp-7', progress: null }, language: 'zh-tw' }))).toContain('匯入進行中。排程任務仍在處理中，請稍候');
    expect(render(<ImportLockBanner />)).toBe('');
  });
});
