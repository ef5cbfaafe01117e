import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLEANUP_STEP_LIMIT_MS, registerSessionCleanup, runSessionCleanup, type SessionEnd } from '../../../src/client/lib/session-cleanup.js';
import { endSessionAfterCleanup, isSessionEnding } from '../../../src/client/lib/session-end.js';

const unregister: (() => void)[] = [];

function register(...args: Parameters<typeof registerSessionCleanup>): void {
  unregister.push(registerSessionCleanup(...args));
}

afterEach(() => {
  for (const off of unregister.splice(0)) off();
  vi.useRealTimers();
});

describe('session cleanup', () => {
  it('runs the phases in order whatever order the features registered in', async () => {
    const order: string[] = [];
    register('tellTabs', () => void order.push('tellTabs'));
    register('dropPush', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('dropPush');
    });
    register('wipeStore', () => void order.push('wipeStore'));
    register('clearQueries', () => void order.push('clearQueries'));
    register('stopPersistence', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('stopPersistence');
    });
    await runSessionCleanup();
    expect(order).toEqual(['stopPersistence', 'clearQueries', 'wipeStore', 'dropPush', 'tellTabs']);
  });

  it('tells every step why the session ends', async () => {
    const seen: SessionEnd[] = [];
    register('wipeStore', (end) => void seen.push(end));
    await runSessionCleanup({ reason: 'unauthorized', fromOtherTab: false });
    await runSessionCleanup();
    expect(seen).toEqual([
      { reason: 'unauthorized', fromOtherTab: false },
      { reason: 'logout', fromOtherTab: false },
    ]);
  });

  it('goes on past a failing or hanging step', async () => {
    vi.useFakeTimers();
    const done: string[] = [];
    register('wipeStore', () => Promise.reject(new Error('store closed')));
    register('dropPush', () => new Promise<void>(() => undefined));
    register('tellTabs', () => void done.push('tellTabs'));
    const cleanup = runSessionCleanup();
    await vi.advanceTimersByTimeAsync(CLEANUP_STEP_LIMIT_MS + 10);
    await cleanup;
    expect(done).toEqual(['tellTabs']);
  });

  it('stops calling a step once it is unregistered', async () => {
    const step = vi.fn();
    const off = registerSessionCleanup('clearQueries', step);
    off();
    await runSessionCleanup();
    expect(step).not.toHaveBeenCalled();
  });
});

describe('ending a session', () => {
  it('cleans up, then tells the server while the token is held, then drops the token', async () => {
    const order: string[] = [];
    register('wipeStore', () => void order.push('wipe'));
    await endSessionAfterCleanup({
      reason: 'logout',
      fromOtherTab: false,
      beforeTokenDrop: async () => void order.push('server'),
      dropToken: () => order.push(`drop (ending: ${isSessionEnding()})`),
    });
    expect(order).toEqual(['wipe', 'server', 'drop (ending: false)']);
  });

  it('runs once when a second end comes while the first cleans up', async () => {
    const wipe = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
    register('wipeStore', wipe);
    const firstDrop = vi.fn();
    const secondDrop = vi.fn();
    const first = endSessionAfterCleanup({ reason: 'logout', fromOtherTab: false, dropToken: firstDrop });
    expect(isSessionEnding()).toBe(true);
    const second = endSessionAfterCleanup({ reason: 'unauthorized', fromOtherTab: false, dropToken: secondDrop });
    await Promise.all([first, second]);
    expect(wipe).toHaveBeenCalledTimes(1);
    expect(firstDrop).toHaveBeenCalledTimes(1);
    expect(secondDrop).not.toHaveBeenCalled();
    expect(isSessionEnding()).toBe(false);
  });

  it('drops the token even when telling the server fails', async () => {
    const drop = vi.fn();
    await endSessionAfterCleanup({ reason: 'logout', fromOtherTab: false, beforeTokenDrop: () => Promise.reject(new Error('offline')), dropToken: drop });
    expect(drop).toHaveBeenCalledTimes(1);
  });
});
