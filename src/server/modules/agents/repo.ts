import type { Db } from '../../db/connection.js';

export function findNodeByKeyHash(db: Db, keyHash: string) {
  return db
    .selectFrom('nodes')
    .select(['id', 'name', 'allow_private_targets'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
}

export interface Registration {
  agentVersion: string;
  hostname: string;
  /** JSON of ToolCapabilities. */
  capabilities: string;
  at: number;
}

export async function recordRegistration(db: Db, nodeId: number, registration: Registration): Promise<void> {
  await db
    .updateTable('nodes')
    .set({
      agent_version: registration.agentVersion,
      agent_hostname: registration.hostname,
      capabilities: registration.capabilities,
      registered_at: registration.at,
      last_seen_at: registration.at,
    })
    .where('id', '=', nodeId)
    .execute();
}

/** The node's own DNS server as stored ('' when it has none). */
export async function findNodeDnsServer(db: Db, nodeId: number): Promise<string | null> {
  const row = await db.selectFrom('nodes').select(['dns_server']).where('id', '=', nodeId).executeTakeFirst();
  return row?.dns_server ?? null;
}

export function findSelfCheckWindow(db: Db, nodeId: number) {
  return db.selectFrom('nodes').select(['self_check_window']).where('id', '=', nodeId).executeTakeFirst();
}

export interface Heartbeat {
  at: number;
  /** JSON of the SelfCheck as sent. */
  selfCheck: string;
  /** JSON of the updated outcome window. */
  selfCheckWindow: string;
}

export async function recordHeartbeat(db: Db, nodeId: number, heartbeat: Heartbeat): Promise<void> {
  await db
    .updateTable('nodes')
    .set({
      last_seen_at: heartbeat.at,
      last_self_check: heartbeat.selfCheck,
      last_self_check_at: heartbeat.at,
      self_check_window: heartbeat.selfCheckWindow,
    })
    .where('id', '=', nodeId)
    .execute();
}

export function findNodeLiveness(db: Db, nodeId: number) {
  return db.selectFrom('nodes').select(['id', 'last_seen_at', 'self_check_window']).where('id', '=', nodeId).executeTakeFirst();
}

export async function addDroppedResults(db: Db, nodeId: number, dropped: number, now: number): Promise<void> {
  await db
    .updateTable('nodes')
    .set((eb) => ({ results_dropped: eb('results_dropped', '+', dropped), results_dropped_at: now }))
    .where('id', '=', nodeId)
    .execute();
}
