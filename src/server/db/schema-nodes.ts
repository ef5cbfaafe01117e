import type { Generated, Selectable } from 'kysely';

/** Probe nodes: where they are, how agents prove themselves for them, and what agents last said. */
export interface NodesTable {
  id: Generated<number>;
  /** Stable name of a catalogue node ('cn-beijing-telecom', 'local'); null for operator-made nodes. */
  slug: string | null;
  name: string;
  city: string;
  province: string | null;
  region: string | null;
  country: string;
  isp: number;
  map_type: number;
  dns_server: string;
  latitude: number;
  longitude: number;
  /** SHA-256 of the node key; null until the operator creates a key. */
  key_hash: string | null;
  key_created_at: number | null;
  /** 1 when the operator allowed probing private, loopback and link-local targets. */
  allow_private_targets: Generated<number>;
  agent_version: string | null;
  agent_hostname: string | null;
  /** JSON of ToolCapabilities; null until an agent registers. */
  capabilities: string | null;
  registered_at: number | null;
  last_seen_at: number | null;
  /** JSON of the last SelfCheck the agent sent. */
  last_self_check: string | null;
  last_self_check_at: number | null;
  /** JSON array of recent self-check outcomes [{at, ok}], oldest first, for the status tolerance. */
  self_check_window: Generated<string>;
  /** Results the node's agent reported dropping from its full spool, summed over its batches. */
  results_dropped: Generated<number>;
  /** When the agent last reported dropped results; null while none were. */
  results_dropped_at: number | null;
  created_at: number;
}

export type NodeRow = Selectable<NodesTable>;

export type AgentJobState = 'queued' | 'taken' | 'done' | 'expired';

/** An on-demand job (MTR) for one node: queued by a customer, taken by the node's agent, answered. */
export interface AgentJobsTable {
  /** Random and unguessable: the customer polls its outcome by it. */
  id: string;
  cust_id: number;
  node_id: number;
  /** JSON of the parsed CheckOptions. */
  options: string;
  state: AgentJobState;
  /** JSON of the CheckResult once done. */
  result: string | null;
  /** A queued job expires when not taken by then; a taken one when no result came by then. */
  expires_at: number;
  created_at: number;
  taken_at: number | null;
  done_at: number | null;
}

export type AgentJobRow = Selectable<AgentJobsTable>;
