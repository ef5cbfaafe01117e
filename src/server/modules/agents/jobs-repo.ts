import type { Db } from '../../db/connection.js';
import type { AgentJobRow } from '../../db/schema-nodes.js';

export interface NewJob {
  id: string;
  custId: number;
  nodeId: number;
  /** JSON of the parsed options. */
  options: string;
  expiresAt: number;
  createdAt: number;
}

export async function insertJob(db: Db, job: NewJob): Promise<void> {
  await db
    .insertInto('agent_jobs')
    .values({
      id: job.id,
      cust_id: job.custId,
      node_id: job.nodeId,
      options: job.options,
      state: 'queued',
      expires_at: job.expiresAt,
      created_at: job.createdAt,
    })
    .execute();
}

/** Queued and taken jobs past their time become expired. */
export async function expireJobs(db: Db, now: number): Promise<void> {
  await db
    .updateTable('agent_jobs')
    .set({ state: 'expired' })
    .where('state', 'in', ['queued', 'taken'])
    .where('expires_at', '<=', now)
    .execute();
}

/** Jobs of the node or of the customer that are queued or running and not past their time. */
export async function countOutstandingJobs(db: Db, owner: { nodeId: number } | { custId: number }, now: number): Promise<number> {
  let query = db
    .selectFrom('agent_jobs')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('state', 'in', ['queued', 'taken'])
    .where('expires_at', '>', now);
  query = 'nodeId' in owner ? query.where('node_id', '=', owner.nodeId) : query.where('cust_id', '=', owner.custId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * Takes up to `max` of the node's queued jobs (oldest first): each becomes taken with a new
 * deadline for its result. Conditional on the state, so two polls never take the same job.
 */
export async function takeQueuedJobs(
  db: Db,
  nodeId: number,
  now: number,
  max: number,
  resultDeadline: (options: string) => number,
): Promise<Pick<AgentJobRow, 'id' | 'options'>[]> {
  const queued = await db
    .selectFrom('agent_jobs')
    .select(['id', 'options'])
    .where('node_id', '=', nodeId)
    .where('state', '=', 'queued')
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .limit(max)
    .execute();
  const taken: Pick<AgentJobRow, 'id' | 'options'>[] = [];
  for (const job of queued) {
    const result = await db
      .updateTable('agent_jobs')
      .set({ state: 'taken', taken_at: now, expires_at: resultDeadline(job.options) })
      .where('id', '=', job.id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) taken.push(job);
  }
  return taken;
}

export function findJob(db: Db, jobId: string): Promise<AgentJobRow | undefined> {
  return db.selectFrom('agent_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
}

/** Stores the result of a taken job; answers whether this call stored it. */
export async function completeJob(db: Db, jobId: string, result: string, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('agent_jobs')
    .set({ state: 'done', result, done_at: now })
    .where('id', '=', jobId)
    .where('state', '=', 'taken')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
