import { ingestBatch } from '../../../src/server/results/index.js';
import { createTask } from '../../../src/server/modules/tasks/service.js';
import type { StoreContext } from '../../../src/server/modules/tasks/store-context.js';
import type { TaskInput } from '../../../src/server/modules/tasks/task-input.js';
import { MONITOR_TYPES } from '../../../src/shared/codes.js';
import type { CheckResult, CheckResultOf } from '../../../src/shared/probe/results.js';
import { addCustomer, addUser, createTestServer, type TestServer } from '../helpers.js';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** Catalogue nodes the tests place results on: different ISPs, provinces, countries and maps. */
export const SLUGS = {
  beijingTelecom: 'cn-beijing-telecom',
  beijingUnicom: 'cn-beijing-unicom',
  guangzhouTelecom: 'cn-guangzhou-telecom',
  singapore: 'sg-singapore',
  tokyo: 'jp-tokyo',
  taipei: 'tw-taipei',
} as const;
export type NodeName = keyof typeof SLUGS;

export interface CallResult {
  statusCode: number;
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
  data: any;
  /** The 1001 field errors as `field:code`. */
  errors: string[];
  body: string;
}

export interface DetailFixture {
  server: TestServer;
  ctx: StoreContext;
  token: string;
  otherToken: string;
  otherCustId: number;
  /** The server clock, moved to a whole hour so buckets are predictable. */
  now: number;
  node: Record<NodeName, number>;
  call: (path: string, body?: unknown, token?: string) => Promise<CallResult>;
  task: (input: Omit<TaskInput, 'nodeIds'> & { nodes: NodeName[] }, custId?: number) => Promise<number>;
  /** Stores results through the real ingest path, as one batch of the node's agent. */
  ingest: (nodeName: NodeName, taskId: number, results: CheckResult[]) => Promise<void>;
  close: () => Promise<void>;
}

let batch = 0;

export async function detailFixture(): Promise<DetailFixture> {
  const server = await createTestServer();
  // A whole hour, so "the last hour" is exactly sixty minute buckets.
  server.clock.advanceSeconds((Math.ceil(server.clock.now() / HOUR) * HOUR - server.clock.now()) / 1000);
  const ctx: StoreContext = { db: server.db, now: server.clock.now };
  const token = await server.login();
  const otherCustId = await addCustomer(server, 'Other Ltd');
  await addUser(server, { account: 'other01', custId: otherCustId });
  const otherToken = await server.login('other01');
  const rows = await server.db.selectFrom('nodes').select(['id', 'slug']).where('slug', 'in', Object.values(SLUGS)).execute();
  const node = Object.fromEntries(
    Object.entries(SLUGS).map(([name, slug]) => [name, rows.find((row) => row.slug === slug)?.id ?? Number.NaN]),
  ) as Record<NodeName, number>;

  const call: DetailFixture['call'] = async (path, body, as = token) => {
    const response = await server.call(path, { token: as, ...(body === undefined ? {} : { body }) });
    const json = response.json();
    const errors = ((json.data?.errors ?? []) as { field: string; code: number }[]).map((error) => `${error.field}:${error.code}`);
    return { statusCode: response.statusCode, code: json.code as number, data: json.data, errors, body: response.body };
  };
  return {
    server,
    ctx,
    token,
    otherToken,
    otherCustId,
    now: server.clock.now(),
    node,
    call,
    task: async ({ nodes, ...input }, custId = server.custId) =>
      (await createTask(ctx, custId, { ...input, nodeIds: nodes.map((name) => node[name]) } as TaskInput)).id,
    ingest: async (nodeName, taskId, results) => {
      batch += 1;
      const answer = await ingestBatch(ctx, node[nodeName], `detail-${batch}`, results.map((result) => ({ taskId, result })));
      if (answer.accepted !== results.length) throw new Error(`ingest accepted ${answer.accepted} of ${results.length}`);
    },
    close: () => server.close(),
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** An HTTP(S) check: ok with a total time, or failed with a status code ('000': not reachable). */
export function httpCheck(at: number, outcome: { totalMs: number } | { statusCode: number | '000'; detail?: string }, https = false): CheckResult {
  const ok = 'totalMs' in outcome;
  const statusCode = ok ? 200 : outcome.statusCode;
  const totalMs = ok ? outcome.totalMs : null;
  const result: CheckResultOf<typeof MONITOR_TYPES.HTTP> = {
    type: MONITOR_TYPES.HTTP,
    ok,
    startedAt: iso(at),
    durationMs: totalMs ?? 10_000,
    failure: ok ? null : { source: 'target', code: statusCode === '000' ? 'timeout' : 'http_status', ...(outcome.detail ? { detail: outcome.detail } : {}) },
    resolvedIps: statusCode === '000' ? [] : ['192.0.2.20'],
    ipMatched: null,
    details: {
      ip: statusCode === '000' ? null : '192.0.2.20',
      statusCode,
      timings: { dnsMs: 1.5, connectMs: 2.5, tlsMs: https ? 4 : null, ttfbMs: totalMs === null ? null : totalMs - 1, totalMs },
      bodyBytes: 512,
      redirects: 0,
      finalUrl: 'http://shop.example.com/',
      certificate: null,
      tlsAuthorized: null,
      tlsAuthorizationError: null,
    },
  };
  return https ? ({ ...result, type: MONITOR_TYPES.HTTPS } as CheckResult) : result;
}

/** `count` checks of a node one minute apart, ending a minute before `end`; `okAt(i)` decides each. */
export function httpSeries(end: number, count: number, okAt: (index: number) => boolean, latencyAt: (index: number) => number): CheckResult[] {
  return Array.from({ length: count }, (_, index) =>
    httpCheck(end - (count - index) * MINUTE, okAt(index) ? { totalMs: latencyAt(index) } : { statusCode: 503 }),
  );
}

/** A DNS check; the IP match is against 198.51.100.10 (a mismatch fails the check, as agents do). */
export function dnsCheck(at: number, answers: string[], rcode = 'NOERROR'): CheckResult {
  const ipMatched = answers.length === 0 ? null : answers.includes('198.51.100.10');
  const resolved = rcode === 'NOERROR' && answers.length > 0;
  const failure = !resolved
    ? ({ source: 'resolver', code: rcode === 'NXDOMAIN' ? 'dns_nxdomain' : 'dns_no_answer' } as const)
    : ipMatched === false
      ? ({ source: 'target', code: 'ip_not_matched' } as const)
      : null;
  return {
    type: MONITOR_TYPES.DNS,
    ok: failure === null,
    startedAt: iso(at),
    durationMs: 12,
    failure,
    resolvedIps: answers,
    ipMatched,
    details: {
      server: '192.0.2.53',
      recordType: 'A',
      rcode,
      answers: answers.map((data) => ({ name: 'shop.example.com.', type: 'A', ttl: 300, data })),
      resolutionMs: 11.5,
    },
  };
}

/** A certificate valid until `validTo`, as an agent summarises it when checking at `checkedAt`. */
export function certificate(validTo: number, checkedAt: number) {
  return {
    subject: 'CN=shop.example.com',
    issuer: 'CN=Test CA',
    validFrom: iso(validTo - 90 * DAY),
    validTo: iso(validTo),
    daysLeft: Math.floor((validTo - checkedAt) / DAY),
    fingerprint256: 'AA:BB',
  };
}
