import type { Generated } from 'kysely';

/** Web push subscriptions and the deployment rounds already told to the inbox (migration 0014). */

export interface PushSubscriptionsTable {
  id: Generated<number>;
  /** The push service's URL for one browser on one device; unique, so it belongs to one user at a time. */
  endpoint: string;
  cust_id: number;
  user_id: number;
  /** The browser's P-256 public key and authentication secret, base64url as the browser gave them. */
  p256dh: string;
  auth: string;
  /** The console's language when the device subscribed: its pushes are written in it. */
  language: string;
  created_at: number;
}

/** One row per deployment round (a task version's sending, or a rebuild of it) whose outcome went to the inbox. */
export interface DeploymentNoticesTable {
  task_id: number;
  /** The newest deployment row of the round: a rebuild makes newer rows, so a new round. */
  through_deployment_id: number;
  created_at: number;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  deployment_notices: DeploymentNoticesTable;
}
