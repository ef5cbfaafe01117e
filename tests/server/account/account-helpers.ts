import { bodyOf, domainFixture, type CallResult, type DomainFixture } from '../domain/domain-helpers.js';

export { bodyOf, type CallResult, type DomainFixture };

export interface AccountFixture extends DomainFixture {
  /** Every page of /account/translog for these filters, 100 a page, in order. */
  allPages: (filters?: Record<string, unknown>, token?: string) => Promise<unknown[]>;
  /** Every chunk of /account/translog/export for these filters, in order, with the first chunk's total. */
  allChunks: (filters?: Record<string, unknown>, token?: string) => Promise<{ rows: unknown[]; total: number; chunks: number }>;
}

export async function accountFixture(): Promise<AccountFixture> {
  const fx = await domainFixture();
  const allPages: AccountFixture['allPages'] = async (filters = {}, token = fx.token) => {
    const rows: unknown[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await fx.call('/account/translog', { ...filters, page, pageSize: 100 }, token);
      if (answer.code !== 200) throw new Error(`translog failed: ${answer.body}`);
      rows.push(...answer.data.list);
      if (rows.length >= answer.data.total || answer.data.list.length === 0) return rows;
    }
  };
  const allChunks: AccountFixture['allChunks'] = async (filters = {}, token = fx.token) => {
    const rows: unknown[] = [];
    let beforeId: number | null | undefined;
    let total = -1;
    let chunks = 0;
    do {
      const answer = await fx.call('/account/translog/export', { ...filters, ...(beforeId ? { beforeId } : {}) }, token);
      if (answer.code !== 200) throw new Error(`export failed: ${answer.body}`);
      if (chunks === 0) total = answer.data.total;
      chunks += 1;
      rows.push(...answer.data.rows);
      beforeId = answer.data.nextBeforeId;
    } while (beforeId !== null);
    return { rows, total, chunks };
  };
  return { ...fx, allPages, allChunks };
}
