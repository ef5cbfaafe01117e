import type { MonitorQtyAnswer } from '../../../shared/calls/domain.js';
import type { DomainSearchAnswer } from '../../../shared/calls/domain-list.js';
import { ENABLE_STATUS, MONITOR_TYPE_CODES } from '../../../shared/codes.js';
import type { StoreContext } from '../tasks/store-context.js';
import { countsByTypeAndStatus, searchableTasks } from './list-repo.js';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The customer's tasks whose name or domain contains the keyword (any case), by name, at most `limit`. */
export async function searchDomains(
  ctx: StoreContext,
  custId: number,
  query: { keyword: string; type?: number | undefined; limit: number },
): Promise<DomainSearchAnswer> {
  const keyword = query.keyword.trim().toLowerCase();
  const tasks = await searchableTasks(ctx.db, custId, query.type);
  const found = keyword === '' ? tasks : tasks.filter((task) => task.name.toLowerCase().includes(keyword) || task.domain.toLowerCase().includes(keyword));
  found.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  return {
    list: found.slice(0, query.limit).map((task) => ({
      id: task.id,
      type: task.type,
      name: task.name,
      domain: task.domain,
      port: task.port,
      status: task.status === ENABLE_STATUS.DISABLED ? ENABLE_STATUS.DISABLED : ENABLE_STATUS.ENABLED,
    })),
  };
}

/** Live task counts, enabled and disabled, in all and for every monitor type. */
export async function monitorQty(ctx: StoreContext, custId: number): Promise<MonitorQtyAnswer> {
  const rows = await countsByTypeAndStatus(ctx.db, custId);
  const types = MONITOR_TYPE_CODES.map((type) => {
    const countOf = (status: number) => Number(rows.find((row) => row.type === type && row.status === status)?.count ?? 0);
    const enabled = countOf(ENABLE_STATUS.ENABLED);
    const disabled = countOf(ENABLE_STATUS.DISABLED);
    return { type, total: enabled + disabled, enabled, disabled };
  });
  const sum = (pick: (row: (typeof types)[number]) => number) => types.reduce((total, row) => total + pick(row), 0);
  return { total: sum((row) => row.total), enabled: sum((row) => row.enabled), disabled: sum((row) => row.disabled), types };
}
