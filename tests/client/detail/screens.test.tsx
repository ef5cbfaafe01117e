import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { breakdownQuery, failedLogsQuery, latestQuery, summaryQuery, taskInfoQuery, traceHistoryQuery, trendQuery } from '../../../src/client/features/detail/api.js';
import { DEFAULT_DETAIL_RANGE } from '../../../src/client/features/detail/detail-range.js';
import { TaskDetailPage, TraceDetailPage } from '../../../src/client/features/detail/index.js';
import { CompareTable } from '../../../src/client/features/detail/components/hop-tables.js';
import { compareSnapshots } from '../../../src/client/features/detail/trace-compare.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { i18nOptions } from '../../../src/client/lib/i18n.js';
import {
  DetailLatestAnswer,
  DetailSummaryAnswer,
  DomainInfo,
  FailedLogsAnswer,
  TraceHistoryAnswer,
  type DetailTrendAnswer,
  type Language,
} from '../../../src/shared/index.js';
import { sampleBreakdown } from './fixtures.js';

const TASK_ID = 5;

function render(element: ReactElement, { language = 'en', path = '/', client = new QueryClient() }: { language?: Language; path?: string; client?: QueryClient } = {}): string {
  const i18n = i18next.createInstance();
  void i18n.init({ ...i18nOptions(language), showSupportNotice: false });
  return renderToString(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/\s+/g, ' ');

const task = DomainInfo.parse({
  id: TASK_ID,
  type: 4,
  name: 'Shop front',
  domain: 'shop.example.test',
  serialNumber: '',
  region: '',
  frequencyMinutes: 5,
  status: 1,
  protocol: '',
  port: 8443,
  otherPath: '/health',
  matchingIps: ['192.0.2.10'],
  matchedIpGroupId: null,
  dnsServers: [],
  nodeIds: [1, 2, 3, 4],
  domainGroup: '',
  tags: [],
  version: 3,
  deployStatus: 'error_nodes',
  errorNodeCount: 1,
  pointsCost: 48,
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
});

const summary = DetailSummaryAnswer.parse({
  taskId: TASK_ID,
  type: 4,
  from: '2026-03-15T11:00:00.000Z',
  to: '2026-03-15T12:00:00.000Z',
  count: 180,
  successes: 140,
  availabilityPercent: (140 / 180) * 100,
  avgResponseMs: 73.4,
  minResponseMs: 12,
  maxResponseMs: 910,
  serviceStatus: 2,
  nodeCount: 4,
  nodesWithData: 3,
  lastCheckAt: '2026-03-15T11:59:30.000Z',
});

const trend: DetailTrendAnswer = { from: summary.from, to: summary.to, per: 'minute', bucketMs: 60_000, buckets: [], nodes: [] };

const latest = DetailLatestAnswer.parse({
  nodes: [
    {
      nodeId: 2,
      nodeName: 'Lhasa Mobile',
      city: 'Lhasa',
      isp: 3,
      at: '2026-03-15T11:59:30.000Z',
      ok: false,
      latencyMs: 230,
      failure: { source: 'target', code: 'ip_not_matched' },
      ip: '198.51.100.7',
      resolvedIps: ['198.51.100.7'],
      ipMatched: false,
      statusCode: 200,
      timings: { dnsMs: 10, connectMs: 20, tlsMs: 30, ttfbMs: 40, totalMs: 230 },
      dns: null,
      icmp: null,
      tcp: null,
      certificate: { subject: 'CN=shop', issuer: 'CN=Test CA', validFrom: '2026-01-01T00:00:00Z', validTo: '2026-03-20T00:00:00Z', daysLeft: 4, sslStatus: 2 },
      tls: { authorized: false, error: 'DEPTH_ZERO_SELF_SIGNED_CERT' },
      trace: null,
    },
  ],
});

const logs = FailedLogsAnswer.parse({
  list: [{ resultId: 901, at: '2026-03-15T11:58:00.000Z', nodeId: 2, nodeName: 'Lhasa Mobile', failureSource: 'target', failureCode: 'timeout', failureDetail: null, statusCode: '000' }],
});

function filledClient(): QueryClient {
  const client = new QueryClient();
  const read = { id: TASK_ID, range: DEFAULT_DETAIL_RANGE, refreshSeconds: 0 };
  client.setQueryData(taskInfoQuery(TASK_ID).queryKey, task);
  client.setQueryData(summaryQuery(read).queryKey, summary);
  client.setQueryData(trendQuery(read).queryKey, trend);
  client.setQueryData(breakdownQuery(read).queryKey, sampleBreakdown());
  client.setQueryData(failedLogsQuery(read, 10).queryKey, logs);
  client.setQueryData(latestQuery(TASK_ID, 0).queryKey, latest);
  return client;
}

/** The cache as the screen finds it after POST /domain/info failed (a mounted screen would otherwise ask again at once). */
function failedInfoClient(error: ApiError): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  client.getQueryCache().build(client, { queryKey: taskInfoQuery(TASK_ID).queryKey }).setState({ status: 'error', error, fetchStatus: 'idle' });
  return client;
}

const detailRoute = <Routes><Route path="/monitor/:type/detail/:id" element={<TaskDetailPage />} /></Routes>;

describe('task detail screen', () => {
  it('shows the task, its summary in its band, the worst node first, failures and the latest checks', () => {
    const page = text(render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}`, client: filledClient() }));
    expect(page).toContain('Shop front');
    expect(page).toContain('shop.example.test:8443/health');
    expect(page).toContain('Every 5 min');
    expect(page).toContain('Error nodes: 1');
    expect(page).toContain('77.78%');
    expect(page).toContain('Warning');
    expect(page).toContain('140 / 180');
    // Worst first: Lhasa (50 %) before Singapore (83 %) before Beijing (100 %).
    expect(page.indexOf('Lhasa Mobile')).toBeLessThan(page.indexOf('Singapore'));
    expect(page.indexOf('Singapore')).toBeLessThan(page.indexOf('Beijing Telecom'));
    expect(page).toContain('Timed out');
    expect(page).toContain('000');
    expect(page).toContain('IP not matched');
    expect(page).toContain('Time to first byte');
    expect(page).toContain('Expires within a week');
    expect(page).toContain('Certificate trust');
    expect(page).toContain('Self-signed certificate DEPTH_ZERO_SELF_SIGNED_CERT');
  });

  it('links to the alerts about the task for those who may read alerts', () => {
    const withAlerts = <Routes><Route path="/monitor/:type/detail/:id" element={<TaskDetailPage alertLog />} /></Routes>;
    expect(render(withAlerts, { path: `/monitor/4/detail/${TASK_ID}`, client: filledClient() })).toMatch(new RegExp(`href="/alert/log\\?taskId=${TASK_ID}"[^>]*>Alert log<`));
    expect(render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}`, client: filledClient() })).not.toContain('/alert/log');
  });

  it('reads in Traditional and Simplified Chinese, with node names in the language', () => {
    const tw = text(render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}`, client: filledClient(), language: 'zh-tw' }));
    expect(tw).toContain('逾時');
    expect(tw).toContain('IP 不相符');
    expect(tw).toContain('拉薩 移動');
    expect(tw).toContain('憑證信任');
    const cn = text(render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}`, client: filledClient(), language: 'zh-cn' }));
    expect(cn).toContain('超时');
    expect(cn).toContain('IP 不匹配');
  });

  it('shows "not found" when the server answers 2127 (another customer\'s task, a deleted one or none)', () => {
    const client = failedInfoClient(new ApiError('domainInfo', { kind: 'envelope', code: 2127, message: '', errors: [], httpStatus: 400 }));
    const page = text(render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}`, client }));
    expect(page).toContain('Task not found');
    expect(page).not.toContain('Shop front');
  });

  it('offers a retry, not "not found", when the task could not be read for another reason', () => {
    const client = failedInfoClient(new ApiError('domainInfo', { kind: 'envelope', code: 1002, message: '', errors: [], httpStatus: 400 }));
    const page = text(render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}`, client }));
    expect(page).toContain('The data could not be loaded.');
    expect(page).toContain('Retry');
    expect(page).not.toContain('Task not found');
  });

  it('says details need a connection, with the way back to the list, when the server could not be reached', () => {
    const client = failedInfoClient(new ApiError('domainInfo', { kind: 'network' }));
    const page = render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}`, client });
    expect(text(page)).toContain('Task details need a connection');
    expect(text(page)).not.toContain('The data could not be loaded.');
    expect(page).toMatch(/href="\/monitor\/4"/);
  });

  it('shows "not found" for an id that cannot name a task', () => {
    const page = text(render(detailRoute, { path: '/monitor/4/detail/0' }));
    expect(page).toContain('Task not found');
    expect(page).toContain('Back to the task list');
  });

  it('shows a loading state while the task is read', () => {
    expect(render(detailRoute, { path: `/monitor/4/detail/${TASK_ID}` })).toContain('role="status"');
  });
});

describe('traceroute history screen', () => {
  it('shows "not found" for an id that cannot name a task', () => {
    const route = <Routes><Route path="/monitor/:type/tracedetail/:id" element={<TraceDetailPage />} /></Routes>;
    expect(text(render(route, { path: '/monitor/6/tracedetail/0', language: 'zh-tw' }))).toContain('找不到此任務');
  });

  const traceTask = DomainInfo.parse({ ...task, type: 6, port: null, otherPath: '', matchingIps: [], nodeIds: [1] });
  const history = TraceHistoryAnswer.parse({
    list: [{ resultId: 31, taskId: TASK_ID, nodeId: 1, time: '2026-03-15T11:59:00.000Z', ok: true, reached: true, ip: '203.0.113.9', hops: [{ ttl: 1, address: '192.0.2.1', rttMs: [1], lossPercent: 0 }], failure: null }],
  });
  const traceRoute = <Routes><Route path="/monitor/:type/tracedetail/:id" element={<TraceDetailPage />} /></Routes>;

  function traceClient(): QueryClient {
    const client = new QueryClient();
    client.setQueryData(taskInfoQuery(TASK_ID).queryKey, traceTask);
    client.setQueryData(traceHistoryQuery(TASK_ID, undefined).queryKey, history);
    return client;
  }

  it('offers the detail screen\'s auto-refresh, with the pace read from the URL', () => {
    const html = render(traceRoute, { path: `/monitor/6/tracedetail/${TASK_ID}?refresh=60`, client: traceClient() });
    expect(text(html)).toContain('Auto-refresh');
    expect(html).toMatch(/<option value="60" selected="">Every minute<\/option>/);
    expect(text(render(traceRoute, { path: `/monitor/6/tracedetail/${TASK_ID}`, language: 'zh-cn', client: traceClient() }))).toContain('自动刷新');
  });

  it('reads the route history again at the chosen pace, and not at all when off', () => {
    expect(traceHistoryQuery(TASK_ID, undefined).refetchInterval).toBe(false);
    expect(traceHistoryQuery(TASK_ID, 1, 300).refetchInterval).toBe(300_000);
    expect(traceHistoryQuery(TASK_ID, 1, 300).queryKey).toEqual(traceHistoryQuery(TASK_ID, 1).queryKey);
  });

  it('highlights and names the hops that changed between two runs', () => {
    const hops = (addresses: (string | null)[]) => addresses.map((address, index) => ({ ttl: index + 1, address, rttMs: [1], lossPercent: 0 }));
    const comparison = compareSnapshots({ reached: true, hops: hops(['192.0.2.1', '198.51.100.1']) }, { reached: true, hops: hops(['192.0.2.1', '198.51.100.2', '203.0.113.9']) });
    const html = render(<CompareTable comparison={comparison} leftLabel="older" rightLabel="newer" />);
    expect(html.match(/data-change="same"/g)).toHaveLength(1);
    expect(html).toContain('data-change="address"');
    expect(html).toContain('data-change="onlyRight"');
    expect(text(html)).toContain('Address changed');
    expect(text(html)).toContain('Only in the newer run');
  });
});
