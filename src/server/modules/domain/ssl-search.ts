import { z } from 'zod';
import { sslFilterMatches, type SslSearchAnswer, type SslSearchQuery, type SslTaskRow } from '../../../shared/calls/domain-trace-ssl.js';
import { ENABLE_STATUS } from '../../../shared/codes.js';
import { isoTime, isoTimeOrNull, parseJsonColumn } from '../../db/columns.js';
import type { ServerContext } from '../../context.js';
import { deploySummaries } from './deploy-summary.js';
import { certificateFieldsOf } from './ssl-certificate.js';
import { newestCertificates, type CertificateSeen as Seen } from './ssl-newest.js';
import { sslTasksOf, type SslTaskRow as TaskColumns } from './ssl-repo.js';

/**
 * The SSL task list: each task shows the certificate expiring soonest among its nodes' newest
 * checks (the one that will bite first), days left counted now, and its newest check of any node.
 * A task checked whose newest checks read no certificate is a failed check (as on the overview).
 */

const StringList = z.array(z.string());
const NumberList = z.array(z.number());

type Row = SslTaskRow & { sortExpiry: number | null; createdAtMs: number; version: number; nodeIds: number[] };

function rowOf(task: TaskColumns, seen: Seen | undefined): Row {
  const soonest = seen?.soonest ?? null;
  const nodeIds = [...new Set(parseJsonColumn(NumberList, task.node_ids) ?? [])];
  return {
    id: task.id,
    name: task.name,
    domain: task.domain,
    port: task.port ?? 443,
    status: task.status === ENABLE_STATUS.DISABLED ? ENABLE_STATUS.DISABLED : ENABLE_STATUS.ENABLED,
    frequencyMinutes: task.frequency_minutes,
    nodeCount: nodeIds.length,
    deployStatus: 'completed',
    errorNodeCount: 0,
    domainGroup: task.domain_group,
    tags: parseJsonColumn(StringList, task.tags) ?? [],
    ...certificateFieldsOf(soonest),
    authorized: soonest ? soonest.authorized : null,
    lastCheckAt: isoTimeOrNull(seen?.lastCheckAt ?? null),
    createdAt: isoTime(task.created_at),
    sortExpiry: soonest?.validToMs ?? null,
    createdAtMs: task.created_at,
    version: task.version,
    nodeIds,
  };
}

function matches(row: Row, query: SslSearchQuery): boolean {
  if (query.tag !== undefined && !row.tags.includes(query.tag)) return false;
  if (query.sslStatus !== undefined && !sslFilterMatches(query.sslStatus, row.sslStatus, row.lastCheckAt !== null)) return false;
  const keyword = query.keyword?.trim().toLowerCase() ?? '';
  return keyword === '' || row.name.toLowerCase().includes(keyword) || row.domain.toLowerCase().includes(keyword);
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Orders by the field (never-checked tasks last whichever the order), then by id in the same direction. */
function comparatorOf(query: SslSearchQuery): (a: Row, b: Row) => number {
  const sign = query.sortOrder === 'asc' ? 1 : -1;
  return (a, b) => {
    if (query.sortBy === 'name') return sign * (collator.compare(a.name, b.name) || a.id - b.id);
    if (query.sortBy === 'createdAt') return sign * (a.createdAtMs - b.createdAtMs || a.id - b.id);
    if (a.sortExpiry === null || b.sortExpiry === null) {
      if (a.sortExpiry !== b.sortExpiry) return a.sortExpiry === null ? 1 : -1;
      return sign * (a.id - b.id);
    }
    return sign * (a.sortExpiry - b.sortExpiry || a.id - b.id);
  };
}

/** One page of the customer's SSL tasks with their certificates. */
export async function searchSslTasks(ctx: ServerContext, custId: number, query: SslSearchQuery): Promise<SslSearchAnswer> {
  const [tasks, seen] = await Promise.all([sslTasksOf(ctx.db, custId, { status: query.status, group: query.group }), newestCertificates(ctx.db, custId, ctx.now())]);
  const rows = tasks.map((task) => rowOf(task, seen.get(task.id))).filter((row) => matches(row, query));
  rows.sort(comparatorOf(query));
  const start = (query.page - 1) * query.pageSize;
  const page = rows.slice(start, start + query.pageSize);
  const deploys = await deploySummaries(
    ctx.db,
    page.map((row) => ({ id: row.id, version: row.version, nodeIds: row.nodeIds, status: row.status, deletedAt: null })),
    ctx.now(),
  );
  const list = page.map(({ sortExpiry: _expiry, createdAtMs: _created, version: _version, nodeIds: _nodes, ...row }) => ({
    ...row,
    ...(deploys.get(row.id) ?? { deployStatus: 'completed' as const, errorNodeCount: 0 }),
  }));
  return { list, total: rows.length };
}
