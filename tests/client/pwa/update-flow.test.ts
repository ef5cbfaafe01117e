import { describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_INTERVAL_MS, VISIBLE_CHECK_GAP_MS, createUpdateChecks } from '../../../src/client/app/pwa/update-checks.js';
import { createUpdateStore } from '../../../src/client/app/pwa/update-state.js';

describe('the update prompt’s state', () => {
  it('offers a waiting version, takes it on accept, and hides on "later" until the next offer', () => {
    const store = createUpdateStore();
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().kind));
    expect(store.getSnapshot().kind).toBe('none');
    const skipWaiting = vi.fn();
    store.offer('waiting', skipWaiting);
    const offered = store.getSnapshot();
    expect(offered.kind).toBe('waiting');
    if (offered.kind !== 'none') offered.accept();
    expect(skipWaiting).toHaveBeenCalledOnce();
    store.dismiss();
    expect(store.getSnapshot().kind).toBe('none');
    store.offer('activated', vi.fn());
    expect(seen).toEqual(['waiting', 'none', 'activated']);
  });

  it('stops telling a listener that unsubscribed', () => {
    const store = createUpdateStore();
    const listener = vi.fn();
    store.subscribe(listener)();
    store.offer('waiting', vi.fn());
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('update checks', () => {
  it('asks on every interval, and on becoming visible only when the last check is a few minutes old', () => {
    let now = 1_000_000;
    const check = vi.fn(() => Promise.resolve());
    const checks = createUpdateChecks(check, () => true, () => now);
    checks.onVisible();
    expect(check).not.toHaveBeenCalled();
    now += VISIBLE_CHECK_GAP_MS;
    checks.onVisible();
    expect(check).toHaveBeenCalledTimes(1);
    now += 1_000;
    checks.onVisible();
    expect(check).toHaveBeenCalledTimes(1);
    now += UPDATE_CHECK_INTERVAL_MS;
    checks.onInterval();
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('does not ask while offline, and a failed check is harmless', async () => {
    let online = false;
    const check = vi.fn(() => Promise.reject(new Error('offline')));
    const checks = createUpdateChecks(check, () => online, () => 0);
    checks.onInterval();
    expect(check).not.toHaveBeenCalled();
    online = true;
    checks.onInterval();
    expect(check).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });
});
