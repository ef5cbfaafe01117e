import type { SelfCheck } from '../../../shared/calls/agent.js';
import type { NodeStatus } from '../../../shared/codes.js';

/** How often agents are asked to send a heartbeat (each carries a self-check). */
export const HEARTBEAT_SECONDS = 30;
/** Heartbeats later than this many intervals make a node "warning"... */
export const LATE_INTERVALS = 2;
/** ...and later than this many make it "unusable". */
export const LOST_INTERVALS = 5;
/** Self-check outcomes older than this no longer count. */
export const SELF_CHECK_WINDOW_MS = 5 * 60_000;
/** Bounds the stored window whatever the heartbeat rate. */
export const SELF_CHECK_WINDOW_MAX = 30;
/**
 * A node is unusable for its self-checks only when at least this many failed and they are most of
 * the window: one bad minute (two heartbeats) of a lossy network makes a warning, not an outage.
 */
export const UNUSABLE_MIN_FAILURES = 3;

export interface SelfCheckOutcome {
  /** Server time the outcome arrived (epoch ms); agent clocks may be off. */
  at: number;
  /** False: the node could not probe (counts towards "unusable"). */
  ok: boolean;
  /** The node probes, but lost some reference connects or its DNS server failed ("warning"). Absent in older windows. */
  degraded?: boolean;
}

/**
 * How one self-check counts: failed when the node cannot probe (loopback, resolver or tools broken,
 * or the reference target wholly unreachable); degraded when part of the reference connects were
 * lost or the node's DNS server did not answer; clean otherwise. Fields an older agent does not send
 * count as fine.
 */
export function selfCheckOutcomeOf(selfCheck: SelfCheck, at: number): SelfCheckOutcome {
  const lossPct = selfCheck.referenceLossPct ?? 0;
  const ok = selfCheck.ok && lossPct < 100;
  const degraded = ok && (lossPct > 0 || selfCheck.nodeDnsOk === false);
  return { at, ok, degraded };
}

export interface NodeLiveness {
  /** Last heartbeat or registration (epoch ms); null when no agent ever registered. */
  lastSeenAt: number | null;
  selfChecks: readonly SelfCheckOutcome[];
}

export function recentSelfChecks(checks: readonly SelfCheckOutcome[], now: number): SelfCheckOutcome[] {
  return checks.filter((check) => check.at > now - SELF_CHECK_WINDOW_MS && check.at <= now);
}

/** Adds an outcome to the window and drops what has aged out or overflows. */
export function withSelfCheck(checks: readonly SelfCheckOutcome[], outcome: SelfCheckOutcome): SelfCheckOutcome[] {
  return recentSelfChecks([...checks, outcome], outcome.at).slice(-SELF_CHECK_WINDOW_MAX);
}

/** A node's status from its stored times, derived when read so it never goes stale. */
export function deriveNodeStatus(node: NodeLiveness, now: number, heartbeatSeconds = HEARTBEAT_SECONDS): NodeStatus {
  if (node.lastSeenAt === null) return 'none';
  const silentMs = now - node.lastSeenAt;
  const intervalMs = heartbeatSeconds * 1000;
  if (silentMs > LOST_INTERVALS * intervalMs) return 'unusable';
  const recent = recentSelfChecks(node.selfChecks, now);
  const failures = recent.filter((check) => !check.ok).length;
  if (failures >= UNUSABLE_MIN_FAILURES && failures * 2 > recent.length) return 'unusable';
  const degraded = recent.some((check) => check.degraded === true);
  if (silentMs > LATE_INTERVALS * intervalMs || failures > 0 || degraded) return 'warning';
  return 'usable';
}
