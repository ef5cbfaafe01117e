import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FirstTask } from '../../../src/client/features/overview/components/first-task.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { Language } from '../../../src/shared/index.js';

function render(language: Language): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/overview']}>
        <FirstTask />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]);

describe('the first task of a new customer', () => {
  it('offers all seven types, each leading to its own form', () => {
    const html = render('en');
    expect(links(html)).toEqual([
      '/monitor/create/1',
      '/monitor/create/2',
      '/monitor/create/3',
      '/monitor/create/4',
      '/monitor/create/5',
      '/monitor/createtrace',
      '/monitor/create/7',
    ]);
    expect(html).toContain('New traceroute task');
    expect(html).toContain('Watch a site’s certificate');
  });

  it('names the types in Chinese too', () => {
    expect(render('zh-tw')).toContain('新增路由追蹤任務');
    expect(render('zh-cn')).toContain('新建 SSL 证书任务');
  });
});
