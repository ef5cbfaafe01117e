import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AccountPage, TranslogPage } from '../../../src/client/features/account/index.js';
import { translogBodyOf, translogViewOf } from '../../../src/client/features/account/translog-view.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import type { AccountInfo, AccountUser, Language, TranslogListAnswer, TranslogRow } from '../../../src/shared/index.js';

const INFO: AccountInfo = {
  customer: { id: 1, name: 'Acme Ltd', taxId: '12345675' },
  contract: { id: 1, startDate: '2026-01-01', endDate: '2026-12-31', purchasedPoints: 10_000, usedPoints: 1_234, remainingPoints: 8_766 },
};
const USERS: AccountUser[] = [
  { id: 1, account: 'demo01', name: 'Demo', email: 'demo@example.com', status: 'active', privilegeActive: true, roles: ['customer'] },
  { id: 2, account: 'gone01', name: 'Gone', email: 'gone@example.com', status: 'suspended', privilegeActive: true, roles: ['manager'] },
  { id: 3, account: 'nope01', name: 'Nope', email: 'nope@example.com', status: 'active', privilegeActive: false, roles: [] },
];
const TASK: NonNullable<TranslogRow['task']> = { id: 4, name: 'Shop', type: 3, domain: 'shop.example.com', port: null, otherPath: '/health', exists: true };
const ROW: TranslogRow = {
  id: 7,
  createdAt: '2026-11-26T08:00:00.000Z',
  kind: 'create',
  points: 12,
  balanceAfter: 9_988,
  task: TASK,
  note: '',
};

function i18nFor(language: Language) {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return i18n;
}

function render(path: string, page: 'account' | 'translog', seed: (client: QueryClient) => void, language: Language = 'en') {
  const client = new QueryClient();
  seed(client);
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18nFor(language)}>
        <MemoryRouter initialEntries={[path]}>{page === 'account' ? <AccountPage /> : <TranslogPage />}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const seedAccount = (info: AccountInfo, users: AccountUser[]) => (client: QueryClient) => {
  client.setQueryData(['account', 'info'], info);
  client.setQueryData(['account', 'users'], { list: users });
};
const seedLog = (query: string, answer: TranslogListAnswer) => (client: QueryClient) => {
  client.setQueryData(['account', 'translog', translogBodyOf(translogViewOf(new URLSearchParams(query)))], answer);
};

describe('the account screen', () => {
  it('shows the customer, the contract points, a link to the points log and the users with their state and roles', () => {
    const html = render('/account', 'account', seedAccount(INFO, USERS));
    for (const text of ['Acme Ltd', '12345675', '2026-12-31', '10,000', '1,234', '8,766', 'demo@example.com', 'Suspended', 'Privilege deactivated', 'Manager']) expect(html).toContain(text);
    expect(html).toContain('href="/account/translog"');
    expect(html).not.toMatch(/password/i);
  });

  it('says clearly when there is no contract, in every language', () => {
    expect(render('/account', 'account', seedAccount({ ...INFO, contract: null }, USERS))).toContain('This customer has no contract');
    expect(render('/account', 'account', seedAccount({ ...INFO, contract: null }, USERS), 'zh-tw')).toContain('此客戶沒有合約');
    expect(render('/account', 'account', seedAccount({ ...INFO, contract: null }, USERS), 'zh-cn')).toContain('此客户没有合约');
  });
});

describe('the points log screen', () => {
  it('lists each transaction with its kind, a link to its task, signed points and the balance after it', () => {
    const html = render('/account/translog', 'translog', seedLog('', { list: [ROW], total: 1 }));
    expect(html).toContain('Task created');
    expect(html).toContain('href="/monitor/3/detail/4"');
    expect(html).toContain('HTTP · <!-- -->shop.example.com/health');
    expect(html).toContain('+12');
    expect(html).toContain('12 points charged');
    expect(html).toContain('9,988');
    expect(html).toContain('Transactions: 1');
    for (const kind of ['All kinds', 'Top-up', 'Adjustment']) expect(html).toContain(kind);
  });

  it('names a deleted task without a link, and a top-up by its note', () => {
    const deleted = { ...ROW, id: 8, kind: 'delete' as const, points: -12, task: { ...TASK, exists: false } };
    const topup = { ...ROW, id: 9, kind: 'topup' as const, points: -500, task: null, note: 'Annual top-up' };
    const html = render('/account/translog', 'translog', seedLog('', { list: [deleted, topup], total: 2 }), 'zh-tw');
    expect(html).toContain('已刪除的任務');
    expect(html).not.toContain('href="/monitor/3/detail/4"');
    expect(html).toContain('退還 12 點');
    expect(html).toContain('Annual top-up');
    expect(html).toContain('加值');
    // A top-up's points are added to the contract, not given back.
    expect(html).toContain('合約增加 500 點');
    expect(html).not.toContain('退還 500 點');
  });

  it('tells an empty log from a filter nothing matches, which offers to show everything', () => {
    expect(render('/account/translog', 'translog', seedLog('', { list: [], total: 0 }))).toContain('No point transactions yet');
    const filtered = render('/account/translog?kind=topup', 'translog', seedLog('kind=topup', { list: [], total: 0 }));
    expect(filtered).toContain('No transactions match these filters.');
    expect(filtered).toContain('Show all transactions');
  });

  it('says when the end day is before the start day, asks nothing and offers no export', () => {
    const html = render('/account/translog?from=2026-11-05&to=2026-11-01', 'translog', () => undefined);
    expect(html).toContain('The end day is before the start day.');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Export<\/button>/);
  });
});
