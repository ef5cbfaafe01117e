import { deadlineOf, isComplete, roundStartOf, type Round, type RoundClock } from './rounds.js';

/**
 * In memory, per task some enabled rule watches: which nodes reported in each open round, and the
 * next round to evaluate. Ingest only notes here (a map lookup and a set insertion per result);
 * the evaluation reads the figures later through the results module. Rounds are handed out in
 * order per task: when a round completes (every awaited node reported), it and any earlier open
 * round of the task are due; otherwise a round is due once its deadline passed.
 */

export interface TrackedTask {
  taskId: number;
  custId: number;
  periodMs: number;
  /** The task's selected nodes. */
  selected: ReadonlySet<number>;
  /** Selected nodes whose agent is alive: the nodes a round waits for. A selected node that reports joins them. */
  awaited: Set<number>;
}

export interface DueRound {
  taskId: number;
  custId: number;
  round: Round;
}

interface TaskRounds {
  task: TrackedTask;
  /** Start of the next round to evaluate; undefined until the task's first result or evaluated round. */
  next: number | undefined;
  reported: Map<number, Set<number>>;
}

export interface NotedResult {
  taskId: number;
  result: { startedAt: string };
}

export class RoundTracker {
  private readonly tasks = new Map<number, TaskRounds>();

  constructor(private readonly clock: RoundClock) {}

  get size(): number {
    return this.tasks.size;
  }

  /**
   * Replaces what is tracked. `resumeAfter` gives, for tasks new to the tracker, the last round
   * evaluated before (from the stored states): evaluation resumes with the round after it, no
   * earlier than `oldest`.
   */
  track(tasks: readonly TrackedTask[], resumeAfter: ReadonlyMap<number, number | null>, oldest: number): void {
    const keep = new Set(tasks.map((task) => task.taskId));
    for (const taskId of this.tasks.keys()) if (!keep.has(taskId)) this.tasks.delete(taskId);
    for (const task of tasks) {
      const known = this.tasks.get(task.taskId);
      if (known && known.task.periodMs === task.periodMs) {
        known.task = task;
        continue;
      }
      const last = resumeAfter.get(task.taskId) ?? null;
      const next = last === null ? undefined : Math.max(last + task.periodMs, roundStartOf(oldest, task.periodMs));
      this.tasks.set(task.taskId, { task, next, reported: new Map() });
    }
  }

  /** Notes a committed batch of a node's results; answers the rounds it completed. */
  note(nodeId: number, items: readonly NotedResult[]): DueRound[] {
    const touched = new Set<TaskRounds>();
    for (const item of items) {
      const entry = this.tasks.get(item.taskId);
      if (!entry) continue;
      const start = roundStartOf(Date.parse(item.result.startedAt), entry.task.periodMs);
      if (Number.isNaN(start) || (entry.next !== undefined && start < entry.next)) continue;
      entry.next ??= start;
      if (entry.task.selected.has(nodeId)) entry.task.awaited.add(nodeId);
      let nodes = entry.reported.get(start);
      if (!nodes) entry.reported.set(start, (nodes = new Set()));
      nodes.add(nodeId);
      touched.add(entry);
    }
    const due: DueRound[] = [];
    for (const entry of touched) due.push(...this.completed(entry));
    return due;
  }

  /** Whether a round's deadline passed by `now` (overdue would hand one out). */
  hasOverdue(now: number): boolean {
    for (const entry of this.tasks.values()) if (this.nextDeadline(entry) <= now) return true;
    return false;
  }

  /** Rounds whose deadline passed by `now`, in order per task. */
  overdue(now: number): DueRound[] {
    const due: DueRound[] = [];
    for (const entry of this.tasks.values()) {
      while (entry.next !== undefined && this.nextDeadline(entry) <= now) due.push(this.take(entry, entry.next));
    }
    return due;
  }

  /** The deadline of the task's next round to evaluate (none before its first result). */
  private nextDeadline({ next, task }: TaskRounds): number {
    return next === undefined ? Number.POSITIVE_INFINITY : deadlineOf({ start: next, end: next + task.periodMs }, this.clock);
  }

  /** The newest complete round of the task and every open round before it. */
  private completed(entry: TaskRounds): DueRound[] {
    let newest: number | undefined;
    for (const [start, nodes] of entry.reported) if (isComplete(nodes, entry.task.awaited) && (newest === undefined || start > newest)) newest = start;
    const due: DueRound[] = [];
    while (newest !== undefined && entry.next !== undefined && entry.next <= newest) due.push(this.take(entry, entry.next));
    return due;
  }

  private take(entry: TaskRounds, start: number): DueRound {
    entry.reported.delete(start);
    entry.next = start + entry.task.periodMs;
    return { taskId: entry.task.taskId, custId: entry.task.custId, round: { start, end: start + entry.task.periodMs } };
  }
}
