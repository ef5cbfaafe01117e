import type { Db } from '../../db/connection.js';

/** SQL of what the evaluation watches: tasks in some enabled rule, and the nodes they run on. */

export interface TrackedTaskRow {
  id: number;
  cust_id: number;
  name: string;
  domain: string;
  type: number;
  frequency_minutes: number;
  node_ids: string;
  matching_ips: string;
  group_ips: string | null;
}

/** The customers' live, enabled tasks that some enabled rule of the same customer watches. */
export function trackedTaskRows(db: Db): Promise<TrackedTaskRow[]> {
  return db
    .selectFrom('tasks as t')
    .leftJoin('ip_groups as g', (join) => join.onRef('g.id', '=', 't.matched_ip_group_id').onRef('g.cust_id', '=', 't.cust_id'))
    .select(['t.id', 't.cust_id', 't.name', 't.domain', 't.type', 't.frequency_minutes', 't.node_ids', 't.matching_ips', 'g.ips as group_ips'])
    .where('t.deleted_at', 'is', null)
    .where('t.status', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('alert_rule_tasks as rt')
          .innerJoin('alert_rules as r', 'r.id', 'rt.rule_id')
          .select('rt.rule_id')
          .whereRef('rt.task_id', '=', 't.id')
          .whereRef('r.cust_id', '=', 't.cust_id')
          .where('r.enable', '=', 1),
      ),
    )
    .execute();
}

export interface NodePlaceRow {
  id: number;
  name: string;
  isp: number;
  province: string | null;
  region: string | null;
  country: string;
  registered_at: number | null;
  last_seen_at: number | null;
}

export function nodePlaceRows(db: Db): Promise<NodePlaceRow[]> {
  return db.selectFrom('nodes').select(['id', 'name', 'isp', 'province', 'region', 'country', 'registered_at', 'last_seen_at']).execute();
}

/** The oldest round evaluated per tracked task (null: some rule of it has not evaluated any yet). */
export async function lastRoundsOf(db: Db): Promise<Map<number, number | null>> {
  const rows = await db
    .selectFrom('alert_rule_tasks as rt')
    .innerJoin('alert_rules as r', (join) => join.onRef('r.id', '=', 'rt.rule_id').onRef('r.cust_id', '=', 'rt.cust_id'))
    .leftJoin('alert_states as s', (join) => join.onRef('s.rule_id', '=', 'rt.rule_id').onRef('s.task_id', '=', 'rt.task_id'))
    .select(['rt.task_id', 's.last_round_start'])
    .where('r.enable', '=', 1)
    .execute();
  const oldest = new Map<number, number | null>();
  for (const row of rows) {
    const known = oldest.get(row.task_id);
    if (known === null) continue;
    oldest.set(row.task_id, row.last_round_start === null ? null : Math.min(known ?? Number.POSITIVE_INFINITY, row.last_round_start));
  }
  return oldest;
}
