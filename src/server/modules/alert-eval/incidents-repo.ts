import type { Db } from '../../db/connection.js';

/** SQL of incidents: one row from the message that opens it to the one that ends it. */

export interface NewIncident {
  custId: number;
  ruleId: number;
  taskId: number;
  /** 'breach' (latency, availability), 'ip_mismatch' or 'ssl'. */
  kind: string;
  startedAt: number;
  sentAt: number;
  data: object;
}

export async function openIncident(db: Db, incident: NewIncident): Promise<number> {
  const row = await db
    .insertInto('alert_incidents')
    .values({
      cust_id: incident.custId,
      rule_id: incident.ruleId,
      task_id: incident.taskId,
      kind: incident.kind,
      started_at: incident.startedAt,
      last_sent_at: incident.sentAt,
      data: JSON.stringify(incident.data),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markIncidentSent(db: Db, custId: number, incidentId: number, sentAt: number): Promise<void> {
  await db.updateTable('alert_incidents').set({ last_sent_at: sentAt }).where('id', '=', incidentId).where('cust_id', '=', custId).execute();
}

export async function endIncident(db: Db, custId: number, incidentId: number, endedAt: number): Promise<void> {
  await db
    .updateTable('alert_incidents')
    .set({ ended_at: endedAt })
    .where('id', '=', incidentId)
    .where('cust_id', '=', custId)
    .where('ended_at', 'is', null)
    .execute();
}
