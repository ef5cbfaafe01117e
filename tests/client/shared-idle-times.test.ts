import { describe, expect, it } from 'vitest';
import { SharedIdleTimes, type IdleStorage } from '../../src/client/app/idle/shared-idle-times.js';

function memoryStorage(): IdleStorage & { writes: number } {
  const items = new Map<string, string>();
  return {
    writes: 0,
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      this.writes += 1;
      items.set(key, value);
    },
  };
}

describe('idle times shared between tabs', () => {
  it('lets the user’s activity in one tab count in a hidden tab', () => {
    const storage = memoryStorage();
    const hidden = new SharedIdleTimes(storage, 1_000);
    const active = new SharedIdleTimes(storage, 1_000);
    active.noteActivity(50_000);
    active.sync(50_500);
    expect(hidden.sync(51_000)).toEqual({ lastActivity: 50_000, lastWake: 1_000 });
  });

  it('lets a wake-up in one tab count for every tab at once', () => {
    const storage = memoryStorage();
    const first = new SharedIdleTimes(storage, 1_000);
    const second = new SharedIdleTimes(storage, 1_000);
    first.noteWake(40_000);
    expect(second.sync(40_001).lastWake).toBe(40_000);
  });

  it('writes activity once per sync, not once per event', () => {
    const storage = memoryStorage();
    const tab = new SharedIdleTimes(storage, 1_000);
    tab.sync(1_000);
    const before = storage.writes;
    for (let now = 2_000; now < 2_900; now += 16) tab.noteActivity(now);
    tab.sync(3_000);
    tab.sync(4_000);
    expect(storage.writes - before).toBe(1);
  });

  it('keeps its own times without storage or with unreadable values', () => {
    expect(new SharedIdleTimes(null, 5_000).sync(6_000)).toEqual({ lastActivity: 5_000, lastWake: 5_000 });
    const storage = memoryStorage();
    storage.setItem('vigil.idle.lastActivity', 'garbage');
    storage.setItem('vigil.idle.lastWake', String(10 ** 15));
    expect(new SharedIdleTimes(storage, 5_000).sync(6_000)).toEqual({ lastActivity: 5_000, lastWake: 5_000 });
  });
});
