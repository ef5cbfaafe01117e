import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_WINDOW_MS, Scheduler, type Schedulable } from '../../src/agent/scheduler.js';

interface Task extends Schedulable {
  label: string;
}

function collect(jitterFraction = 0) {
  const runs: { taskIds: number[]; at: number }[] = [];
  const scheduler = new Scheduler<Task>({
    jitterFraction,
    onDue: (due) => runs.push({ taskIds: due.map((task) => task.taskId), at: Date.now() }),
  });
  return { scheduler, runs, runsOf: (taskId: number) => runs.filter((run) => run.taskIds.includes(taskId)) };
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-22T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the agent scheduler', () => {
  it('runs every task once per period at its frequency', () => {
    const { scheduler, runsOf } = collect();
    scheduler.upsert({ taskId: 1, frequencyMinutes: 1, label: 'a' });
    scheduler.upsert({ taskId: 2, frequencyMinutes: 5, label: 'b' });
    scheduler.start();
    vi.advanceTimersByTime(10 * 60_000);
    expect(runsOf(1)).toHaveLength(10);
    expect(runsOf(2)).toHaveLength(2);
    const gaps = runsOf(1).slice(1).map((run, index) => run.at - (runsOf(1)[index]?.at ?? 0));
    expect(new Set(gaps)).toEqual(new Set([60_000]));
  });

  it('spreads tasks of the same frequency over the period', () => {
    const { scheduler, runs } = collect();
    for (let taskId = 1; taskId <= 50; taskId += 1) scheduler.upsert({ taskId, frequencyMinutes: 1, label: '' });
    scheduler.start();
    vi.advanceTimersByTime(60_000);
    const seconds = new Set(runs.map((run) => Math.floor((run.at % 60_000) / 1000)));
    expect(seconds.size).toBeGreaterThan(20);
  });

  it('hands tasks due at the same moment over together', () => {
    const { scheduler, runs } = collect();
    // Task ids one period apart in phase land on the same due time.
    scheduler.upsert({ taskId: 7, frequencyMinutes: 1, label: '' });
    scheduler.upsert({ taskId: 7 + 60_000, frequencyMinutes: 1, label: '' });
    scheduler.start();
    vi.advanceTimersByTime(60_000);
    expect(runs[0]?.taskIds.sort((a, b) => a - b)).toEqual([7, 60_007]);
  });

  it('hands tasks due within the group window over in one turn, a little early, and later ones in their own', () => {
    const runs: { taskIds: number[]; at: number }[] = [];
    // Full-period jitter with chosen draws: three tasks of the same phase, due 0, 20 and 200 ms after it.
    const draws = [0, 20 / 60_000, 200 / 60_000];
    const scheduler = new Scheduler<Task>({
      jitterFraction: 1,
      random: () => draws.shift() ?? 0,
      onDue: (due) => runs.push({ taskIds: due.map((task) => task.taskId).sort((a, b) => a - b), at: Date.now() }),
    });
    for (const taskId of [7, 60_007, 120_007]) scheduler.upsert({ taskId, frequencyMinutes: 1, label: '' });
    scheduler.start();
    vi.advanceTimersByTime(60_000);
    expect(GROUP_WINDOW_MS).toBeGreaterThan(20);
    expect(GROUP_WINDOW_MS).toBeLessThan(200);
    expect(runs.map((run) => run.taskIds)).toEqual([[7, 60_007], [120_007]]);
    expect((runs[1]?.at ?? 0) - (runs[0]?.at ?? 0)).toBe(200);
    scheduler.stop();
  });

  it('stops running a removed task and applies a changed frequency', () => {
    const { scheduler, runsOf } = collect();
    scheduler.upsert({ taskId: 1, frequencyMinutes: 1, label: '' });
    scheduler.upsert({ taskId: 2, frequencyMinutes: 1, label: '' });
    scheduler.start();
    vi.advanceTimersByTime(2 * 60_000);
    scheduler.remove(1);
    scheduler.upsert({ taskId: 2, frequencyMinutes: 2, label: '' });
    const before2 = runsOf(2).length;
    vi.advanceTimersByTime(10 * 60_000);
    expect(runsOf(1)).toHaveLength(2);
    expect(runsOf(2).length - before2).toBe(5);
    expect(scheduler.size).toBe(1);
  });

  it('keeps the latest assignment content without rescheduling when only the details change', () => {
    const { scheduler, runs } = collect();
    const labels: string[] = [];
    const named = new Scheduler<Task>({ jitterFraction: 0, onDue: (due) => labels.push(...due.map((task) => task.label)) });
    named.upsert({ taskId: 3, frequencyMinutes: 1, label: 'old' });
    named.upsert({ taskId: 3, frequencyMinutes: 1, label: 'new' });
    named.start();
    vi.advanceTimersByTime(60_000);
    expect(labels).toEqual(['new']);
    expect(runs).toHaveLength(0);
    scheduler.stop();
    named.stop();
  });

  it('skips missed runs after a stall instead of replaying them', () => {
    const { scheduler, runsOf } = collect();
    scheduler.upsert({ taskId: 1, frequencyMinutes: 1, label: '' });
    scheduler.start();
    vi.advanceTimersByTime(60_000);
    const before = runsOf(1).length;
    vi.setSystemTime(Date.now() + 30 * 60_000);
    vi.advanceTimersByTime(60_000);
    expect(runsOf(1).length - before).toBeLessThanOrEqual(2);
  });
});
