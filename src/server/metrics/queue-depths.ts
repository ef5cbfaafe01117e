import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { HEARTBEAT_SECONDS, LOST_INTERVALS } from '../modules/nodes/status.js';

/** What waits for work across all customers: read when /metrics is scraped, never per request. */
export interface QueueDepths {
  /** Nodes whose agent was heard from recently enough not to count as lost (the /nodes status rule). */
  agentsOnline: number;
  /** Deployments (task version to node) still waiting for the node's acknowledgement. */
  deployBacklog: number;
  /** Alert messages not yet delivered (pending, including those waiting for a retry). */
  outboxPending: number;
  /** On-demand jobs (MTR) a node has not taken yet, and taken ones without a result. */
  jobsQueued: number;
  jobsTaken: number;
  /** Import jobs running, and the rows they have still to read. */
  importsProcessing: number;
  importRowsWaiting: number;
}

const count = () => sql<number>`count(*)`;

/** A handful of counts, each on an index (partial for imports and the outbox's pending rows). */
export async function readQueueDepths(db: Db, now: number): Promise<QueueDepths> {
  const onlineSince = now - LOST_INTERVALS * HEARTBEAT_SECONDS * 1000;
  const [agents, deployments, outbox, jobs, imports] = await Promise.all([
    db.selectFrom('nodes').select(count().as('n')).where('last_seen_at', '>=', onlineSince).executeTakeFirst(),
    db.selectFrom('deployments').select(count().as('n')).where('state', '=', 'processing').executeTakeFirst(),
    db.selectFrom('alert_outbox').select(count().as('n')).where('state', '=', 'pending').executeTakeFirst(),
    db.selectFrom('agent_jobs').select(['state', count().as('n')]).where('state', 'in', ['queued', 'taken']).groupBy('state').execute(),
    db
      .selectFrom('import_jobs')
      .select([count().as('n'), sql<number>`coalesce(sum(total - processed), 0)`.as('rows')])
      .where('status', '=', 'processing')
      .executeTakeFirst(),
  ]);
  const jobsIn = (state: string) => Number(jobs.find((row) => row.state === state)?.n ?? 0);
  return {
    agentsOnline: Number(agents?.n ?? 0),
    deployBacklog: Number(deployments?.n ?? 0),
    outboxPending: Number(outbox?.n ?? 0),
    jobsQueued: jobsIn('queued'),
    jobsTaken: jobsIn('taken'),
    importsProcessing: Number(imports?.n ?? 0),
    importRowsWaiting: Number(imports?.rows ?? 0),
  };
}
