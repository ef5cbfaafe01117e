import type { Db } from '../../db/connection.js';
import type { NodeRow } from '../../db/schema-nodes.js';

/** Every column the console may see: never the key hash. */
const PUBLIC_COLUMNS = [
  'id',
  'name',
  'city',
  'province',
  'region',
  'country',
  'isp',
  'map_type',
  'dns_server',
  'latitude',
  'longitude',
  'agent_version',
  'capabilities',
  'last_seen_at',
  'self_check_window',
  'results_dropped',
  'results_dropped_at',
] as const;

export type PublicNodeRow = Pick<NodeRow, (typeof PUBLIC_COLUMNS)[number]>;

export interface NodeFilters {
  mapType?: number | undefined;
  region?: string | undefined;
  country?: string | undefined;
  isp?: number | undefined;
}

function filtered(db: Db, filters: NodeFilters) {
  let query = db.selectFrom('nodes');
  if (filters.mapType !== undefined) query = query.where('map_type', '=', filters.mapType);
  if (filters.region !== undefined) query = query.where('region', '=', filters.region);
  if (filters.country !== undefined) query = query.where('country', '=', filters.country);
  if (filters.isp !== undefined) query = query.where('isp', '=', filters.isp);
  return query;
}

/** One page in id order; without a limit, every matching node. */
export function listNodes(db: Db, filters: NodeFilters, page?: { limit: number; offset: number }): Promise<PublicNodeRow[]> {
  let query = filtered(db, filters).select(PUBLIC_COLUMNS).orderBy('id');
  if (page) query = query.limit(page.limit).offset(page.offset);
  return query.execute();
}

export async function countNodes(db: Db, filters: NodeFilters): Promise<number> {
  const row = await filtered(db, filters).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}
