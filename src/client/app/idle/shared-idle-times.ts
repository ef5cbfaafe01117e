import { mergeIdleTimes, type IdleTimes } from './idle-schedule.js';

const KEYS: Record<keyof IdleTimes, string> = {
  lastActivity: 'vigil.idle.lastActivity',
  lastWake: 'vigil.idle.lastWake',
};

const NAMES = Object.keys(KEYS) as (keyof IdleTimes)[];

export type IdleStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * This tab's idle times, shared with the other tabs of the origin through storage, so a hidden tab
 * never counts down while the user works in another one. Activity is written once per sync (a tick),
 * not on every pointer move; wake-ups at once, so other tabs do not wake the server again.
 */
export class SharedIdleTimes {
  private times: IdleTimes;

  constructor(
    private readonly storage: IdleStorage | null,
    now: number,
  ) {
    this.times = { lastActivity: now, lastWake: now };
  }

  get current(): IdleTimes {
    return this.times;
  }

  noteActivity(now: number): void {
    this.times = { ...this.times, lastActivity: now };
  }

  noteWake(now: number): void {
    this.times = { ...this.times, lastWake: now };
    this.write('lastWake', now);
  }

  /** Takes in the other tabs' times and shares this tab's newer ones. */
  sync(now: number): IdleTimes {
    const stored = { lastActivity: this.read('lastActivity'), lastWake: this.read('lastWake') };
    this.times = mergeIdleTimes(now, [this.times, stored]);
    // Only a newer time is written, so a tab never takes back what another tab saw later.
    for (const name of NAMES) if (this.times[name] !== stored[name]) this.write(name, this.times[name]);
    return this.times;
  }

  private read(name: keyof IdleTimes): number | undefined {
    try {
      const raw = this.storage?.getItem(KEYS[name]) ?? null;
      return raw === null ? undefined : Number(raw);
    } catch {
      return undefined;
    }
  }

  private write(name: keyof IdleTimes, time: number): void {
    try {
      this.storage?.setItem(KEYS[name], String(time));
    } catch {
      // Storage can be full or blocked; this tab then keeps its own times.
    }
  }
}

/** The origin's local storage, or null where the browser blocks it. */
export function browserIdleStorage(): IdleStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
