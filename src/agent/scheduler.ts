/**
 * Runs each assignment at its frequency. Every task gets a stable slot within its period (spread
 * by task id, plus a random start jitter, on a whole-second grid), so thousands of tasks do not
 * fire in the same second, and those of the same second share one wake-up. One timer serves the
 * earliest due time; tasks due together are handed over together, which lets ICMP checks share
 * one fping process. Tasks new to the agent run once soon (`runSoon`), spread over a short
 * window, then in their slot.
 */

export interface Schedulable {
  taskId: number;
  frequencyMinutes: number;
}

export interface SchedulerOptions<T extends Schedulable> {
  onDue: (due: T[], scheduledAt: number) => void;
  now?: () => number;
  /** Random start jitter as a fraction of the period (0-1). */
  jitterFraction?: number;
  random?: () => number;
  /** Tasks due within this many ms of the earliest run in the same turn (see GROUP_WINDOW_MS). */
  groupWindowMs?: number;
}

interface Entry<T> {
  item: T;
  dueAt: number;
  /** Where in its period the task runs (phase plus jitter), in ms, before its slot is snapped to the grid. */
  phase: number;
  /** The coming run is the task's first, off its phase (runSoon). */
  first: boolean;
  /**
   * Taken out of the schedule; the heap entry is dropped when it surfaces. Its due time stays as it
   * was: changing the key of an entry inside the heap would break the heap's order, and entries
   * below it could then stay buried behind a task due hours later.
   */
  removed: boolean;
}

/**
 * Slots fall on whole seconds (of the clock, as every period is whole minutes). Each wake-up of
 * the agent costs more CPU than a TCP check's own work, so checks sharing a wake-up cost less
 * each, down to about 17 a wake-up (a plain node process on loopback: 1 a wake-up 0.97 ms a
 * check, 3 0.49, 17 0.29); 1,000 one-minute tasks put about 17 in each second. The slot is where
 * the task runs, never early or late against it: snapping moves the phase, a hash of the task id
 * plus a random jitter, by under a second, which no user can tell from the phase itself.
 * A node with more checks a second than MAX_CHECKS_PER_WAKE_UP halves the grid until a wake-up
 * holds at most that many on average: more per wake-up saves no CPU, and the checks of one
 * wake-up wait for each other (10,000 one-minute tasks on a 1 s grid: schedule lateness p99 780
 * ms, `npm run bench -- --only probes.agent`).
 */
export const SLOT_GRID_MS = 1_000;
export const MAX_CHECKS_PER_WAKE_UP = 32;
const MIN_GRID_MS = SLOT_GRID_MS / 64;

/**
 * Tasks due within this window of the earliest one run in the same turn, up to this much early:
 * first runs (`runSoon`), which are spread off the grid, and slots a stalled timer left behind.
 * A finer grid narrows it to half a grid step.
 * A run's next due time counts from its slot, not from the early start.
 */
export const GROUP_WINDOW_MS = 150;

/**
 * First checks of tasks assigned together start this far apart, over at most FIRST_RUNS_WINDOW_MS:
 * a whole round of new tasks starting in the same instant measured its own burst (connect and DNS
 * times of 23-25 ms against 0.5-2 ms once spread).
 */
export const FIRST_RUN_SPACING_MS = 100;
export const FIRST_RUNS_WINDOW_MS = 5_000;
/** A task's first run on its phase comes at least this long after its first run (or half a period, if shorter). */
export const FIRST_RUN_GAP_MS = 10_000;

/** Removed entries the heap may hold before it is rebuilt without them (beyond one per live entry). */
const STALE_REBUILD_MIN = 64;

/** Where the next run in `slot` of each `period` falls, at or after `from`. */
function nextInSlot(slot: number, period: number, from: number): number {
  return from + ((((slot - from) % period) + period) % period);
}

export class Scheduler<T extends Schedulable> {
  private readonly entries = new Map<number, Entry<T>>();
  private readonly heap: Entry<T>[] = [];
  /** Runs a second the live entries ask for, which sets the grid. */
  private checksPerSecond = 0;
  /** Removed entries still in the heap. */
  private stale = 0;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: SchedulerOptions<T>) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Adds or replaces an assignment; a changed frequency takes effect at once. */
  upsert(item: T): void {
    const existing = this.entries.get(item.taskId);
    if (existing && existing.item.frequencyMinutes === item.frequencyMinutes) {
      existing.item = item;
      return;
    }
    if (existing) this.remove(item.taskId);
    const phase = this.phaseOf(item);
    const period = periodOf(item);
    this.add({ item, phase, dueAt: nextInSlot(this.slotOf(phase, period), period, this.now()), first: false, removed: false });
  }

  /**
   * Adds or replaces tasks new to the agent: each runs once within a window that grows with their
   * number (FIRST_RUN_SPACING_MS each, FIRST_RUNS_WINDOW_MS at most), then on its phase, never
   * sooner than FIRST_RUN_GAP_MS after that first run.
   */
  runSoon(items: readonly T[]): void {
    const now = this.now();
    const windowMs = Math.min(FIRST_RUNS_WINDOW_MS, items.length * FIRST_RUN_SPACING_MS);
    items.forEach((item, index) => {
      this.remove(item.taskId);
      const dueAt = now + (windowMs * (index + this.random())) / items.length;
      this.add({ item, phase: this.phaseOf(item), dueAt, first: true, removed: false });
    });
  }

  private add(entry: Entry<T>): void {
    this.entries.set(entry.item.taskId, entry);
    this.checksPerSecond += 1_000 / periodOf(entry.item);
    this.push(entry);
    this.arm();
  }

  remove(taskId: number): void {
    const entry = this.entries.get(taskId);
    if (!entry) return;
    this.entries.delete(taskId);
    this.checksPerSecond -= 1_000 / periodOf(entry.item);
    entry.removed = true;
    this.stale += 1;
    // A removed entry waits for its due time to leave the heap (up to a day for a daily task): many removals rebuild it.
    if (this.stale > Math.max(STALE_REBUILD_MIN, this.entries.size)) this.rebuild();
  }

  /** The heap of the live entries only. */
  private rebuild(): void {
    const live = this.heap.filter((entry) => !entry.removed);
    this.heap.length = 0;
    for (const entry of live) this.heap.push(entry);
    for (let index = (this.heap.length >> 1) - 1; index >= 0; index -= 1) this.siftDown(index);
    this.stale = 0;
  }

  start(): void {
    this.running = true;
    this.arm();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private phaseOf(item: T): number {
    const period = periodOf(item);
    const jitter = (this.options.jitterFraction ?? 0.1) * period * this.random();
    const phase = ((item.taskId * 2_654_435_761) % period + period) % period;
    return (phase + jitter) % period;
  }

  /** The phase snapped down to the grid; a minute shortened for tests keeps its sixty slots. */
  private slotOf(phase: number, period: number): number {
    const grid = Math.min(this.gridMs(), period / 60);
    return phase - (phase % grid);
  }

  /** SLOT_GRID_MS, halved while a wake-up would hold more than MAX_CHECKS_PER_WAKE_UP on average. */
  private gridMs(): number {
    let grid = SLOT_GRID_MS;
    while (grid > MIN_GRID_MS && (this.checksPerSecond * grid) / 1_000 > MAX_CHECKS_PER_WAKE_UP) grid /= 2;
    return grid;
  }

  private arm(): void {
    if (!this.running) return;
    const next = this.peek();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!next) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next.dueAt - this.now()));
    this.timer.unref?.();
  }

  private fire(): void {
    const first = this.peek();
    if (!first) return this.arm();
    // Never as wide as the grid, so neighbouring slots keep their own wake-ups.
    const window = Math.min(this.options.groupWindowMs ?? GROUP_WINDOW_MS, this.gridMs() / 2);
    const until = Math.max(first.dueAt, this.now()) + window;
    const due: T[] = [];
    const scheduledAt = first.dueAt;
    for (let entry = this.peek(); entry && entry.dueAt <= until; entry = this.peek()) {
      this.pop();
      due.push(entry.item);
      this.advance(entry);
      this.push(entry);
    }
    this.arm();
    if (due.length > 0) this.options.onDue(due, scheduledAt);
  }

  /** The next run one period on; after a stall (a suspended laptop) skip missed runs, don't replay them. */
  private advance(entry: Entry<T>): void {
    const period = periodOf(entry.item);
    if (entry.first) {
      entry.first = false;
      entry.dueAt = nextInSlot(this.slotOf(entry.phase, period), period, Math.max(entry.dueAt, this.now()) + Math.min(FIRST_RUN_GAP_MS, period / 2));
      return;
    }
    // One period on, in the slot of today's grid: it moves by under a second when the node's check rate crosses a step.
    entry.dueAt = nextInSlot(this.slotOf(entry.phase, period), period, entry.dueAt + period / 2);
    const now = this.now();
    if (entry.dueAt <= now) entry.dueAt += Math.ceil((now - entry.dueAt) / period) * period;
  }

  /** The earliest live entry, dropping removed ones on the way. */
  private peek(): Entry<T> | undefined {
    while (this.heap[0]?.removed) {
      this.pop();
      this.stale -= 1;
    }
    return this.heap[0];
  }

  private push(entry: Entry<T>): void {
    this.heap.push(entry);
    let index = this.heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.less(index, parent)) break;
      this.swap(index, parent);
      index = parent;
    }
  }

  private pop(): Entry<T> | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (this.heap.length > 0 && last) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  private siftDown(start: number): void {
    let index = start;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < this.heap.length && this.less(left, smallest)) smallest = left;
      if (right < this.heap.length && this.less(right, smallest)) smallest = right;
      if (smallest === index) return;
      this.swap(index, smallest);
      index = smallest;
    }
  }

  private less(a: number, b: number): boolean {
    return (this.heap[a]?.dueAt ?? 0) < (this.heap[b]?.dueAt ?? 0);
  }

  private swap(a: number, b: number): void {
    const first = this.heap[a];
    const second = this.heap[b];
    if (!first || !second) return;
    this.heap[a] = second;
    this.heap[b] = first;
  }
}

function periodOf(item: Schedulable): number {
  return item.frequencyMinutes * 60_000;
}
