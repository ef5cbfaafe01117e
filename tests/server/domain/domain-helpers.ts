import { DomainInfo } from '../../../src/shared/calls/domain-list.js';
import { createTestServer, otherCustomerSession, type TestServer } from '../helpers.js';

/** The answer of one call, with the parts tests read. */
export interface CallResult {
  statusCode: number;
  code: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer it expects
  data: any;
  /** The 1001 field errors as `field:code`. */
  errors: string[];
  body: string;
}

export interface DomainFixture {
  server: TestServer;
  /** The seeded customer's token. */
  token: string;
  /** A second customer's user and its token. */
  otherCustId: number;
  otherToken: string;
  /** Four catalogue node ids, ascending. */
  nodes: readonly [number, number, number, number];
  call: (path: string, body?: unknown, token?: string, method?: 'GET' | 'POST') => Promise<CallResult>;
  /** Creates a task through the call and answers it; throws when the call fails. */
  create: (slug: string, body: Record<string, unknown>, token?: string) => Promise<DomainInfo>;
  contract: (custId?: number) => Promise<{ id: number; purchased_points: number; used_points: number }>;
  setPurchased: (points: number, custId?: number) => Promise<void>;
  /** Lets every processing deployment pass its deadline (they become error nodes): updates and deletes may go on. */
  passDeadlines: () => void;
  close: () => Promise<void>;
}

export const DEPLOY_DEADLINE_SECONDS = 60;

export async function domainFixture(): Promise<DomainFixture> {
  const server = await createTestServer({ VIGIL_DEPLOY_DEADLINE_SECONDS: String(DEPLOY_DEADLINE_SECONDS) });
  const token = await server.login();
  const { custId: otherCustId, token: otherToken } = await otherCustomerSession(server);
  const [first, second, third, fourth] = (await server.db.selectFrom('nodes').select('id').orderBy('id').limit(4).execute()).map((row) => row.id);
  if (fourth === undefined || first === undefined || second === undefined || third === undefined) throw new Error('the catalogue has fewer than 4 nodes');
  const nodes = [first, second, third, fourth] as const;

  const call: DomainFixture['call'] = async (path, body, as = token, method = 'POST') => {
    const response = await server.call(path, { token: as, method, ...(body === undefined ? {} : { body }) });
    const json = response.json();
    const errors = ((json.data?.errors ?? []) as { field: string; code: number }[]).map((error) => `${error.field}:${error.code}`);
    return { statusCode: response.statusCode, code: json.code as number, data: json.data, errors, body: response.body };
  };
  const contract = (custId = server.custId) =>
    server.db.selectFrom('contracts').select(['id', 'purchased_points', 'used_points']).where('cust_id', '=', custId).executeTakeFirstOrThrow();
  return {
    server,
    token,
    otherCustId,
    otherToken,
    nodes,
    call,
    create: async (slug, body, as = token) => {
      const answer = await call(`/domain/${slug}/create`, body, as);
      if (answer.code !== 200) throw new Error(`create failed: ${answer.body}`);
      return DomainInfo.parse(answer.data);
    },
    contract,
    setPurchased: async (points, custId = server.custId) => {
      await server.db.updateTable('contracts').set({ purchased_points: points }).where('cust_id', '=', custId).execute();
    },
    passDeadlines: () => server.clock.advanceSeconds(DEPLOY_DEADLINE_SECONDS + 1),
    close: () => server.close(),
  };
}

/** Minimal valid create bodies per type (override what a test is about). */
export function bodyOf(slug: 'icmp' | 'tcp' | 'http' | 'https' | 'dns', nodeIds: number[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base: Record<string, Record<string, unknown>> = {
    icmp: { name: 'Gateway', domain: '192.0.2.1' },
    tcp: { name: 'Database', domain: 'db.example.com', port: 5432 },
    http: { name: 'Shop', domain: 'shop.example.com', otherPath: '/health' },
    https: { name: 'Secure shop', domain: 'shop.example.com', port: 443 },
    dns: { name: 'Name', domain: 'example.com', dnsServers: ['8.8.8.8'], protocol: 'A' },
  };
  return { ...base[slug], frequencyMinutes: 5, nodeIds, ...overrides };
}
