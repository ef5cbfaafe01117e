import type { Generated } from 'kysely';

/** Tables of alerts (migration 0016). Times are epoch milliseconds. */

export interface AlertRulesTable {
  id: Generated<number>;
  cust_id: number;
  name: string;
  monitor_type: number;
  /** 1 latency, 2 availability, 3 SSL expiry days, 4 IP not matched. */
  mode: number;
  /** gt, gte, eq, lt, lte. */
  condition: string;
  sensitivity: number;
  /** Latency in ms or availability as a ratio; null for SSL and IP modes. */
  threshold: number | null;
  /** JSON array of day marks (SSL mode). */
  ssl_days: Generated<string>;
  cooldown_minutes: number;
  /** 1 enabled, 2 disabled. */
  enable: number;
  created_at: number;
  updated_at: number;
}

/** A rule's query list: the tasks it watches. */
export interface AlertRuleTasksTable {
  rule_id: number;
  task_id: number;
  cust_id: number;
  added_at: number;
}

export interface AlertSettingsTable {
  cust_id: number;
  /** The customer's message language (zh-tw, zh-cn, en). */
  language: string;
  updated_at: number;
}

export interface AlertChatsTable {
  id: Generated<number>;
  cust_id: number;
  /** Telegram chat id (numeric text, negative for groups) or @channel name. */
  chat_id: string;
  /** null: the customer's message language. */
  language: string | null;
  /** 'ok', 'blocked' (403: the bot was blocked or removed) or 'failing'. */
  delivery: Generated<string>;
  delivery_changed_at: number | null;
  created_at: number;
}

/** Evaluation state per (rule, task), kept compact and updated as rounds close. */
export interface AlertStatesTable {
  rule_id: number;
  task_id: number;
  cust_id: number;
  /** Consecutive breaching rounds so far. */
  streak: Generated<number>;
  /** The incident going on, if any. */
  incident_id: number | null;
  /** Start of the last round evaluated. */
  last_round_start: number | null;
  /** JSON of mode-specific state (e.g. SSL marks told, the certificate they were told for). */
  data: Generated<string>;
}

export interface AlertIncidentsTable {
  id: Generated<number>;
  cust_id: number;
  rule_id: number;
  task_id: number;
  kind: string;
  started_at: number;
  ended_at: number | null;
  /** When its last message (first or repeat) was written. */
  last_sent_at: number | null;
  data: Generated<string>;
}

export interface AlertLogTable {
  id: Generated<number>;
  cust_id: number;
  rule_id: number | null;
  /** Kept so the log still reads after the rule or task is deleted. */
  rule_name: string | null;
  task_id: number | null;
  task_name: string | null;
  incident_id: number | null;
  /** fire, repeat, recover, ssl_mark, ssl_renewed, test. */
  event: string;
  /** JSON array of MessageLine ({key, params}) of the `alertmsg` namespace. */
  content: string;
  /** JSON array of AlertLogNode. */
  nodes: Generated<string>;
  verdict: string | null;
  created_at: number;
}

/** One chat message to send: the rendered text in the chat's language, and its delivery. */
export interface AlertOutboxTable {
  id: Generated<number>;
  cust_id: number;
  log_id: number;
  chat_id: string;
  language: string;
  /** Telegram HTML, every parameter escaped. */
  text: string;
  /** pending, sent, failed (given up), blocked (403). */
  state: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
  provider_message_id: string | null;
}

export interface AlertTables {
  alert_rules: AlertRulesTable;
  alert_rule_tasks: AlertRuleTasksTable;
  alert_settings: AlertSettingsTable;
  alert_chats: AlertChatsTable;
  alert_states: AlertStatesTable;
  alert_incidents: AlertIncidentsTable;
  alert_log: AlertLogTable;
  alert_outbox: AlertOutboxTable;
}
