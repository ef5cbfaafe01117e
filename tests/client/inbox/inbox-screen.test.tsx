import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { inboxItemQueryKeyOf, inboxListQueryKey } from '../../../src/client/features/inbox/api.js';
import { ImportDetail } from '../../../src/client/features/inbox/screen/components/import-detail.js';
import { InboxPage } from '../../../src/client/features/inbox/screen/index.js';
import { inboxPageBodyOf, inboxViewOf } from '../../../src/client/features/inbox/screen/screen-view.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { InboxItem, InboxListAnswer, Language } from '../../../src/shared/index.js';

const FAILED = { protocol: 'HTTP', row: 4, domain: 'bad host', port: '80', errcode: 1001, errmessage: 'Domain is not valid' };
const FINISHED: InboxItem = {
  sno: 'I1',
  type: 'import',
  status: 2,
  title: 'Import finished',
  titleParams: {},
  data: { total: 5, success: 4, fail: 1, elapsedTime: { day: 1, hour: 0, minute: 2, second: 0, ms: 30 }, endtime: '2026-11-26T08:00:00.000Z' },
  read: false,
  createdAt: '2026-11-26T08:00:00.000Z',
};
const PROCESSING: InboxItem = { ...FINISHED, sno: 'I2', status: 1, data: { total: 200, processed: 50, percent: 25 } };
const DEPLOY: InboxItem = {
  sno: 'D1',
  type: 'deploy',
  status: 2,
  title: 'push:events.deploy.errorNodes.title',
  titleParams: { name: 'Shop', taskId: 4, taskType: 3, total: 2, failed: 1 },
  data: { total: 2, success: 1, fail: 1 },
  read: true,
  createdAt: '2026-11-26T07:00:00.000Z',
};

function render(query: string, seed: { list: InboxListAnswer; item?: InboxItem; nodes?: { id: number; name: string }[] }, { readOnly = false, language = 'en' as Language } = {}) {
  const client = new QueryClient();
  if (seed.nodes) client.setQueryData(['nodes', 'catalogue'], { list: seed.nodes });
  client.setQueryData([...inboxListQueryKey, inboxPageBodyOf(inboxViewOf(new URLSearchParams(query)))], seed.list);
  if (seed.item) client.setQueryData(inboxItemQueryKeyOf(seed.item.sno), seed.item);
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/inbox?${query}`]}>
          <InboxPage readOnly={readOnly} />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const page = (list: InboxItem[], total = list.length, unread = 1): InboxListAnswer => ({ list, total, unread });

describe('the inbox screen', () => {
  it('lists the messages with filters, the unread count, "mark all read", a link each and "mark read" for unread ones', () => {
    const html = render('', { list: page([FINISHED, DEPLOY], 2, 1) });
    expect(html).toContain('Unread: 1');
    expect(html).toContain('Mark all read');
    expect(html).toContain('All types');
    expect(html).toContain('Messages: 2');
    expect(html).toContain('href="/monitor/3?q=Shop&amp;deploy=4"');
    expect(html).toContain('Open the deploy result (rebuild error nodes there)');
    expect(html.match(/>Mark read</g)).toHaveLength(1);
  });

  it("opens a finished import's detail from ?sno=: counts, time taken, end time and the failed rows", () => {
    const item = { ...FINISHED, data: { ...FINISHED.data, faildata: [FAILED] } };
    const html = render('sno=I1', { list: page([FINISHED]), item });
    expect(html).toContain('data-inbox-detail="I1"');
    expect(html).toContain('aria-expanded="true"');
    expect(html).toMatch(/Time taken.*1 d 2 min 30 ms/s);
    for (const header of ['Protocol', 'Row', 'Domain', 'Port', 'Error code', 'Reason']) expect(html).toContain(`>${header}</th>`);
    expect(html).toContain('bad host');
    expect(html).toContain('Failed rows: 1');
  });

  it("offers the failed rows only with the item's own answer (a kept page leaves them out)", () => {
    const html = render('sno=I1', { list: page([FINISHED]) });
    expect(html).toContain('The failed rows are shown once the server can be reached.');
  });

  it('never shows kept progress as live: a processing import from the device says of when, and not live', () => {
    const html = render('sno=I2', { list: page([PROCESSING]), item: PROCESSING });
    expect(html).toContain('aria-valuenow="25"');
    expect(html).toContain('50 of 200 rows processed (25%)');
    expect(html).toContain('data-progress="kept"');
    expect(html).toContain('Not live');
  });

  it('says live progress is live', () => {
    const i18n = i18next.createInstance();
    void i18n.init({ ...i18nOptions('en'), showSupportNotice: false });
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <ImportDetail item={PROCESSING} full freshness="live" updatedAt={0} />
      </I18nextProvider>,
    );
    expect(html).toContain('data-progress="live"');
    expect(html).toContain('Live: asked again every 5 seconds.');
  });

  it("tells a deployment's outcome and why each error node failed, nodes named from the catalogue", () => {
    const failures = [
      { taskId: 4, nodeId: 9, errorCode: 2131, message: 'ack_timeout' },
      { taskId: 4, nodeId: 10, errorCode: 2131, message: 'some_new_reason' },
    ];
    const item = { ...DEPLOY, data: { ...DEPLOY.data, faildata: failures } };
    const html = render('sno=D1', { list: page([DEPLOY]), item, nodes: [{ id: 9, name: 'Shanghai Telecom' }] });
    expect(html).toMatch(/Nodes<\/dt><dd[^>]*>2</);
    expect(html).toContain('Shanghai Telecom');
    expect(html).toContain('the node did not confirm in time');
    expect(html).toContain('Node #10');
    expect(html).toContain('some_new_reason');
    expect(html).toContain('Open the deploy result (rebuild error nodes there)');
  });

  it("an administrator's view reads without marking", () => {
    const html = render('', { list: page([FINISHED]) }, { readOnly: true });
    expect(html).not.toContain('Mark all read');
    expect(html).not.toContain('>Mark read<');
  });

  it('says when the filters leave nothing, and offers all messages', () => {
    const html = render('type=alert', { list: page([], 0, 0) });
    expect(html).toContain('No messages match these filters.');
    expect(html).toContain('Show all messages');
    expect(render('', { list: page([], 0, 0) })).toContain('No messages yet.');
  });

  it('reads in every language', () => {
    expect(render('', { list: page([FINISHED]) }, { language: 'zh-tw' })).toContain('全部類型');
    expect(render('', { list: page([FINISHED]) }, { language: 'zh-cn' })).toContain('全部类型');
  });
});
