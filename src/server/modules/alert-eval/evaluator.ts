import { parseJsonColumn } from '../../db/columns.js';
import { runSerially } from '../../db/exclusive.js';
import type { InboxEventContext } from '../inbox/publish.js';
import { HEARTBEAT_SECONDS, LOST_INTERVALS } from '../nodes/status.js';
import { evaluateRounds, type Catalog, type TrackedTaskInfo } from './evaluate.js';
import type { PlacedNode } from './figures.js';
import { publishAlerts, type WrittenAlert } from './inbox-events.js';
import { MINUTE_MS, periodMsOf } from './rounds.js';
import { lastRoundsOf, nodePlaceRows, trackedTaskRows, type NodePlaceRow, type TrackedTaskRow } from './tracked-repo.js';
import { RoundTracker, type DueRound, type NotedResult, type TrackedTask } from './tracker.js';
import type { IspCode } from '../../../shared/codes.js';
import { z } from 'zod';

/**
 * The evaluation service: ingest notes results here (cheap, in memory); rounds that complete are
 * evaluated at once off the ingest path, the others when their deadline passes (`sweep`). One
 * evaluation runs at a time; rounds due meanwhile wait and go in the next batch.
 */

export interface AlertEvalHost extends InboxEventContext {
  alertDelivery?: { wake(): void } | undefined;
}

/** Rounds older than this are not evaluated after a restart (their incidents would be history). */
export const CATCH_UP_MAX_MS = 86_400_000;

/**
 * After a start, deadlines close no round for this many minutes: agents deliver what they spooled
 * while the server was down (their retries back off to 30 s), so the rounds that closed meanwhile
 * are judged on their checks, not as no data. A round whose nodes all reported closes at once.
 */
export const RESUME_MINUTES = 1;

/** Several instances evaluate one after another, never side by side (a round told twice otherwise). */
const ALERT_EVAL_SECTION = 'alert-eval';

const IdList = z.array(z.number().int());
const IpList = z.array(z.string());

function placedNode(row: NodePlaceRow): PlacedNode {
  return { nodeId: row.id, name: row.name, isp: row.isp as IspCode, province: row.province, region: row.region, country: row.country };
}

function taskInfoOf(row: TrackedTaskRow, minuteMs: number): TrackedTaskInfo {
  const own = parseJsonColumn(IpList, row.matching_ips) ?? [];
  const group = row.group_ips === null ? [] : (parseJsonColumn(IpList, row.group_ips) ?? []);
  return {
    id: row.id,
    custId: row.cust_id,
    name: row.name,
    domain: row.domain,
    type: row.type,
    matchedIps: [...new Set([...own, ...group])],
    periodMs: periodMsOf(row.frequency_minutes, { minuteMs }),
    nodeIds: parseJsonColumn(IdList, row.node_ids) ?? [],
  };
}

export interface AlertEvalOptions {
  /** Length of a minute in ms (rounds, grace and cooldowns scale with it). */
  minuteMs?: number;
  /** Called as soon as a batch's messages are committed (the bench times round close → log). */
  onWritten?: (written: readonly WrittenAlert[]) => void;
  /** Called after each reload of what is tracked (the schedule sweeps only while something is). */
  onReloaded?: () => void;
}

export class AlertEvaluator {
  readonly minuteMs: number;
  private readonly tracker: RoundTracker;
  private catalog: Catalog = { tasks: new Map(), placedNodes: () => [] };
  private readonly queue: DueRound[] = [];
  private running: Promise<void> | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  private readonly deadlinesFrom: number;

  constructor(
    private readonly host: AlertEvalHost,
    private readonly options: AlertEvalOptions = {},
  ) {
    this.minuteMs = options.minuteMs ?? MINUTE_MS;
    this.tracker = new RoundTracker({ minuteMs: this.minuteMs });
    this.deadlinesFrom = host.now() + RESUME_MINUTES * this.minuteMs;
  }

  /** After a batch of a node's results committed: notes them and evaluates the rounds they complete. */
  noteResults(nodeId: number, items: readonly NotedResult[]): void {
    if (this.tracker.size === 0) return;
    const due = this.tracker.note(nodeId, items);
    if (due.length > 0) this.enqueue(due);
  }

  /** Reloads the tasks some enabled rule watches and the nodes each round waits for (one reload at a time, in call order). */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.catch(() => undefined).then(() => this.reload());
    return this.refreshing;
  }

  private async reload(): Promise<void> {
    const now = this.host.now();
    const [taskRows, nodeRows, lastRounds] = await Promise.all([trackedTaskRows(this.host.db), nodePlaceRows(this.host.db), lastRoundsOf(this.host.db)]);
    const aliveSince = now - LOST_INTERVALS * HEARTBEAT_SECONDS * 1000;
    const alive = new Set(nodeRows.filter((row) => row.registered_at !== null && (row.last_seen_at ?? 0) >= aliveSince).map((row) => row.id));
    const tasks = taskRows.map((row) => taskInfoOf(row, this.minuteMs));
    const nodes = new Map(nodeRows.map((row) => [row.id, placedNode(row)]));
    const placed = new Map(tasks.map((task) => [task.id, task.nodeIds.flatMap((nodeId) => nodes.get(nodeId) ?? [])]));
    this.catalog = { tasks: new Map(tasks.map((task) => [task.id, task])), placedNodes: (task) => placed.get(task.id) ?? [] };
    const tracked: TrackedTask[] = tasks.map((task) => ({ taskId: task.id, custId: task.custId, periodMs: task.periodMs, selected: new Set(task.nodeIds), awaited: new Set(task.nodeIds.filter((id) => alive.has(id))) }));
    this.tracker.track(tracked, lastRounds, now - CATCH_UP_MAX_MS);
    this.options.onReloaded?.();
  }

  /** Whether any task is tracked: without one no round can fall due. */
  get tracking(): boolean {
    return this.tracker.size > 0;
  }

  /** Whether a sweep at `now` would find a round whose deadline passed. */
  hasOverdue(now: number): boolean {
    return now >= this.deadlinesFrom && this.tracker.hasOverdue(now);
  }

  /** Evaluates the rounds whose deadline passed (none in the first RESUME_MINUTES after a start). */
  sweep(): Promise<void> {
    const now = this.host.now();
    const due = now < this.deadlinesFrom ? [] : this.tracker.overdue(now);
    if (due.length > 0) this.enqueue(due);
    return this.whenIdle();
  }

  /** Settles when no evaluation runs or waits. */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  private enqueue(due: readonly DueRound[]): void {
    this.queue.push(...due);
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const due = this.queue.splice(0);
      try {
        // Every instance's tracker hands the round out; under the section the states each reads
        // already show the rounds another evaluated, so those are passed over.
        const written = await runSerially(this.host.db, ALERT_EVAL_SECTION, () =>
          evaluateRounds({ db: this.host.db, now: this.host.now, minuteMs: this.minuteMs }, this.catalog, due, (committed) => {
            this.options.onWritten?.(committed);
            this.host.alertDelivery?.wake();
          }),
        );
        if (written.length === 0) continue;
        await publishAlerts(this.host, written);
      } catch (error) {
        this.host.log?.warn({ err: error }, 'alerts: rounds not evaluated');
      }
    }
  }
}
