import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PageLoadProblem, taskLoadProblemOf, type TaskLoadProblem } from '../../../src/client/features/detail/components/states.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language } from '../../../src/shared/index.js';

const loading = { data: undefined, error: null, isError: false, fetchStatus: 'fetching' as const };
const waiting = { ...loading, fetchStatus: 'paused' as const };
const failedWith = (error: ApiError) => ({ data: undefined, error, isError: true, fetchStatus: 'idle' as const });
const network = new ApiError('domainInfo', { kind: 'network' });
const notFound = new ApiError('domainInfo', { kind: 'envelope', code: 2127, message: '', errors: [], httpStatus: 400 });
const busy = new ApiError('domainInfo', { kind: 'envelope', code: 1002, message: '', errors: [], httpStatus: 400 });

describe('why a detail screen cannot show its task', () => {
  it('says details need a connection when the server is out of reach, not a bare load failure', () => {
    expect(taskLoadProblemOf(5, failedWith(network), 'offline')).toBe('needsConnection');
    expect(taskLoadProblemOf(5, failedWith(network), null)).toBe('needsConnection');
    expect(taskLoadProblemOf(5, waiting, 'offline')).toBe('needsConnection');
    expect(taskLoadProblemOf(5, waiting, 'unreachable')).toBe('needsConnection');
  });

  it('keeps loading while the connection is only in doubt, and tells not found and failures apart', () => {
    expect(taskLoadProblemOf(5, waiting, null)).toBeNull();
    expect(taskLoadProblemOf(5, loading, null)).toBeNull();
    expect(taskLoadProblemOf(null, loading, null)).toBe('notFound');
    expect(taskLoadProblemOf(5, failedWith(notFound), 'offline')).toBe('notFound');
    expect(taskLoadProblemOf(5, failedWith(busy), null)).toBe('failed');
    expect(taskLoadProblemOf(5, { ...failedWith(network), data: { id: 5 } }, 'offline')).toBeNull();
  });
});

function render(problem: TaskLoadProblem, language: Language = 'en'): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <PageLoadProblem titleKey="routes.monitorDetail" problem={problem} listPath="/monitor/3" onRetry={() => undefined} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('the detail screen without its task', () => {
  it('offline: says details need a connection, offers a retry and the way back to the kept list', () => {
    const html = render('needsConnection');
    expect(html).toContain('Task details need a connection');
    expect(html).toContain('This device keeps the task lists');
    expect(html).not.toContain('could not be loaded');
    expect(html).toMatch(/<a[^>]*href="\/monitor\/3"[^>]*>Back to the task list<\/a>/);
    expect(html).toContain('>Retry<');
  });

  it('reads in every language', () => {
    expect(render('needsConnection', 'zh-tw')).toContain('任務詳情需要網路連線');
    expect(render('needsConnection', 'zh-cn')).toContain('任务详情需要网络连接');
  });

  it('not found: no retry, the way to the task lists', () => {
    const html = render('notFound');
    expect(html).toContain('Task not found');
    expect(html).not.toContain('>Retry<');
    expect(html).toMatch(/href="\/monitor"/);
  });
});
