/**
 * Wakes the long polls of a node's agent when a job is queued for it. Each node has a generation
 * that moves on every signal: a poll reads it before looking for jobs and waits only while it is
 * unchanged, so a job queued between the look and the wait is never slept through.
 */
export class JobSignals {
  private readonly generations = new Map<number, number>();
  private readonly waiters = new Map<number, Set<() => void>>();
  private closed = false;

  generation(nodeId: number): number {
    return this.generations.get(nodeId) ?? 0;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Passes a signal on to the other instances (see job-signal-relay.ts); none on its own. */
  relay: ((nodeId: number) => void) | undefined;

  /** A job was queued for the node: every poll waiting for it, here and on other instances, looks again. */
  notify(nodeId: number): void {
    this.wake(nodeId);
    this.relay?.(nodeId);
  }

  /** Every poll for the node waiting on this instance looks again. */
  wake(nodeId: number): void {
    this.generations.set(nodeId, this.generation(nodeId) + 1);
    const waiting = this.waiters.get(nodeId);
    if (!waiting) return;
    this.waiters.delete(nodeId);
    for (const wake of waiting) wake();
  }

  /**
   * Resolves when the node's generation moves past `seen`, after `ms`, when `abort` fires or when
   * the server closes, whichever comes first.
   */
  wait(nodeId: number, seen: number, ms: number, abort?: AbortSignal): Promise<void> {
    if (this.closed || this.generation(nodeId) !== seen || abort?.aborted === true) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.waiters.get(nodeId) ?? new Set<() => void>();
      this.waiters.set(nodeId, waiting);
      const wake = () => {
        clearTimeout(timer);
        waiting.delete(wake);
        if (waiting.size === 0 && this.waiters.get(nodeId) === waiting) this.waiters.delete(nodeId);
        abort?.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      waiting.add(wake);
      abort?.addEventListener('abort', wake, { once: true });
    });
  }

  /** The server is closing: every held poll answers now, and none waits from here on. */
  close(): void {
    this.closed = true;
    const all = [...this.waiters.values()];
    this.waiters.clear();
    for (const waiting of all) for (const wake of waiting) wake();
  }
}
