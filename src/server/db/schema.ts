import type { Generated, Selectable } from 'kysely';
import type { AlertTables } from './schema-alerts.js';
import type { GroupTables } from './schema-groups.js';
import type { ImportTables } from './schema-imports.js';
import type { PointTables } from './schema-points.js';
import type { PushTables } from './schema-push.js';
import type { TaskTables } from './schema-tasks.js';
import type { AgentJobsTable, NodesTable } from './schema-nodes.js';

/** Table types of the SQLite schema. Times are epoch milliseconds, dates are YYYY-MM-DD text. */

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  tax_id: string;
  status: 'active' | 'suspended';
}

export interface ContractsTable {
  id: Generated<number>;
  cust_id: number;
  start_date: string;
  end_date: string;
  purchased_points: number;
  used_points: number;
}

export interface PrivilegesTable {
  id: Generated<number>;
  name: string;
  status: 'active' | 'deactivated';
  /** JSON of TasksPrivilege. */
  tasks_privilege: string;
}

export interface UsersTable {
  id: Generated<number>;
  cust_id: number;
  account: string;
  name: string;
  email: string;
  password_hash: string;
  privilege_id: number;
  /** JSON array of role names. */
  roles: string;
  reserved: number;
  status: 'active' | 'suspended';
  max_sessions: number | null;
}

export interface AdministratorsTable {
  id: Generated<number>;
  account: string;
  name: string;
  password_hash: string;
  status: 'active' | 'suspended';
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number | null;
  admin_id: number | null;
  cust_id: number;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  ip: string;
  /** Why the session was ended for its holder (2005, 2006): its next call is answered that code. */
  end_code: number | null;
}

export interface SsoCodesTable {
  id: Generated<number>;
  code_hash: string;
  admin_id: number;
  cust_id: number;
  expires_at: number;
  used_at: number | null;
}

export interface LoginFailuresTable {
  key: string;
  count: number;
  window_start: number;
  locked_until: number | null;
}

export interface InboxItemsTable {
  sno: string;
  cust_id: number;
  user_id: number;
  type: string;
  status: number;
  title: string;
  title_params: string;
  data: string;
  read: number;
  created_at: number;
}

/** API keys (migration 0021): only the secret's SHA-256 is kept; the key acts with its creator's privileges. */
export interface ApiKeysTable {
  id: Generated<number>;
  cust_id: number;
  /** The creating user: the key acts with this user's privileges and stops with the user. */
  user_id: number;
  name: string;
  scope: 'read' | 'readWrite';
  /** SHA-256 (hex) of the whole key. */
  key_hash: string;
  /** The key's first characters, shown to tell keys apart. */
  hint: string;
  created_at: number;
  /** Written at most once a minute per key. */
  last_used_at: number | null;
  expires_at: number | null;
  revoked_at: number | null;
}

/** On-demand MTR runs (migration 0022): a run of a customer, and each of its nodes' state and hops. */
export interface MtrRunsTable {
  id: Generated<number>;
  cust_id: number;
  target: string;
  count: number;
  created_at: number;
}

export type MtrRunNodeState = 'queued' | 'running' | 'done' | 'failed' | 'timed_out' | 'offline' | 'no_tool' | 'private_refused';

export interface MtrRunNodesTable {
  run_id: number;
  node_id: number;
  /** The node's place in the run as asked. */
  position: number;
  /** The agent job running it; null when the node was never asked (offline, no_tool, private_refused). */
  job_id: string | null;
  state: MtrRunNodeState;
  ip: string | null;
  /** JSON of the agent's Failure, when it reported one. */
  failure: string | null;
  /** JSON array of MtrHop: the progress so far, then the report. */
  hops: Generated<string>;
  updated_at: number;
}

/** Feedback and news (migration 0023). */
export interface FeedbackTable {
  id: Generated<number>;
  cust_id: number;
  user_id: number;
  category: string;
  text: string;
  task_id: number | null;
  task_type: number | null;
  task_name: string | null;
  created_at: number;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  feedback_id: number;
  text: string;
  created_at: number;
  /** When the feedback's author saw it; null while unread. */
  read_at: number | null;
}

export interface NewsTable {
  id: Generated<number>;
  /** From this time users see it (a later date schedules it). */
  published_at: number;
  withdrawn_at: number | null;
  created_at: number;
}

export interface NewsTextsTable {
  news_id: number;
  language: string;
  title: string;
  body: string;
}

export interface NewsReadsTable {
  news_id: number;
  user_id: number;
  read_at: number;
}

export interface FeedbackNewsTables {
  feedback: FeedbackTable;
  feedback_replies: FeedbackRepliesTable;
  news: NewsTable;
  news_texts: NewsTextsTable;
  news_reads: NewsReadsTable;
}

/** Operator verbs (migration 0024): every platform mutation, refused ones too. */
export interface PlatformAuditTable {
  id: Generated<number>;
  created_at: number;
  /** `X-Platform-Operator` over the API; `--by` or the OS user from `npm run admin`. */
  operator: string;
  /** The call's path, e.g. /platform/customer/suspend. */
  call_path: string;
  /** The body's fields as JSON, passwords left out. */
  target: string;
  /** 200 when it was done, else the refusal's catalogue code. */
  code: number;
}

/** Secrets the server generated once for every instance (migration 0029); never logged or answered. */
export interface ServerSecretsTable {
  /** e.g. `platform_secret`, `vapid_keys` (see security/stored-secrets.ts). */
  name: string;
  value: string;
  created_at: number;
}

/** An API key's rate (migration 0029): when its bucket would be full again (GCRA), epoch ms. */
export interface ApiKeyRatesTable {
  key_id: number;
  full_at: number;
}

export interface Database extends TaskTables, GroupTables, PointTables, PushTables, AlertTables, ImportTables, FeedbackNewsTables {
  customers: CustomersTable;
  contracts: ContractsTable;
  privileges: PrivilegesTable;
  users: UsersTable;
  administrators: AdministratorsTable;
  sessions: SessionsTable;
  sso_codes: SsoCodesTable;
  login_failures: LoginFailuresTable;
  inbox_items: InboxItemsTable;
  nodes: NodesTable;
  agent_jobs: AgentJobsTable;
  api_keys: ApiKeysTable;
  api_key_rates: ApiKeyRatesTable;
  server_secrets: ServerSecretsTable;
  mtr_runs: MtrRunsTable;
  mtr_run_nodes: MtrRunNodesTable;
  platform_audit: PlatformAuditTable;
}

export type SessionRow = Selectable<SessionsTable>;
