import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissErrorNotifications, getNoticeState, notify } from '../../src/client/components/notification-store.js';
import { noticesTopOf } from '../../src/client/components/notifications.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('corner notifications', () => {
  it('start below the top bar, and at the window’s top once the bar scrolled away or on a page without one', () => {
    expect(noticesTopOf(56)).toBe(68);
    expect(noticesTopOf(92)).toBe(104);
    expect(noticesTopOf(-30)).toBe(12);
    expect(noticesTopOf(null)).toBe(12);
  });

  it('lose their errors when a success made them moot (signing in after a wrong password), keeping other notices', () => {
    vi.useFakeTimers();
    notify('Account or password wrong');
    notify('Saved', 'success');
    dismissErrorNotifications();
    expect(getNoticeState().notifications.map((notice) => notice.text)).toEqual(['Saved']);
    vi.runOnlyPendingTimers();
    expect(getNoticeState().notifications).toEqual([]);
  });
});
