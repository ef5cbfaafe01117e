import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { Metrics } from './metrics/index.js';
import type { JobSignals } from './modules/agents/job-signals.js';
import type { AlertEvaluator } from './modules/alert-eval/evaluator.js';
import type { InboxPushNotifier } from './modules/push/sender.js';
import type { UserInfo } from '../shared/calls/profile.js';
import type { TasksPrivilege } from '../shared/roles.js';

/** Config once the platform secret is known (configured, stored or generated). */
export type ResolvedConfig = Config & { platformSecret: string };

/** What every service verb needs: the database, the configuration and the clock. */
export interface ServerContext {
  db: Db;
  config: ResolvedConfig;
  /** Epoch milliseconds; injectable so tests can move time. */
  now: () => number;
  /** From the configuration: how long a node has to acknowledge a task version. */
  deployDeadlineMs: number;
  /** From the configuration: raw and traceroute result retention (ingest refuses older results). */
  resultRetentionDays: number;
  traceRetentionDays: number;
  /** Wakes agents' long polls when a job is queued for their node. */
  jobSignals: JobSignals;
  /** The server's logger, for problems no caller sees (set once the app exists). */
  log?: { warn: (fields: object, message: string) => void };
  /** Pushes new inbox items to the recipients' devices (set once the app exists). */
  push?: InboxPushNotifier;
  /** Sends due alert messages now; call after committing a transaction that wrote some (set once the app exists). */
  alertDelivery?: { wake(): void };
  /** The bulk import runner: wake it once an upload committed (set once the app exists). */
  imports?: { wake(): void };
  /** Counters and histograms for /metrics: modules record through it (set by buildApp). */
  metrics?: Metrics;
  /** Alert evaluation: ingest notes results here (set once the app exists). */
  alertEval?: AlertEvaluator;
}

/** The caller as /profile shows them: a customer user, or the administrator (not a user of the customer). */
export type Identity = Pick<UserInfo, 'id' | 'account' | 'name' | 'email' | 'privilegeId' | 'reserved' | 'custName' | 'adminName'>;

/** Who is calling: a customer user, or an administrator viewing one customer. */
export interface Principal {
  /** The session the call came with; null when it came with an API key. */
  sessionId: number | null;
  /** The API key the call came with (see modules/api-keys); absent for a session. */
  apiKey?: { id: number; scope: 'read' | 'readWrite' };
  custId: number;
  userId: number | null;
  adminId: number | null;
  roles: string[];
  tasksPrivilege: TasksPrivilege;
  /** Present while an administrator views a customer (a reference, not a secret). */
  adminToken?: string;
  identity: Identity;
}
