import { describe, expect, it } from 'vitest';
import { inboxTargetOf, isPushMessage, withoutInboxTarget } from '../../../src/client/features/inbox/inbox-target.js';
import { inboxItemPath, PushPayload } from '../../../src/shared/index.js';

describe('?inbox=<sno>', () => {
  it('names the item a notification opens, the same way the server writes its url', () => {
    const url = new URL(inboxItemPath(42), 'https://vigil.example.com');
    expect(url.pathname).toBe('/overview');
    expect(inboxTargetOf(url.searchParams)).toBe('42');
  });

  it('names nothing when absent, empty, too long or with control characters', () => {
    for (const search of ['', 'inbox=', 'inbox=%20', `inbox=${'9'.repeat(65)}`, 'inbox=1%0A2', 'other=1']) {
      expect(inboxTargetOf(new URLSearchParams(search)), search).toBeNull();
    }
  });

  it('is taken out of the URL without touching the other parameters', () => {
    expect(withoutInboxTarget(new URLSearchParams('page=2&inbox=7&q=shop')).toString()).toBe('page=2&q=shop');
  });
});

describe('messages of the service worker', () => {
  it('a push message refreshes the inbox, whatever its payload; other messages do not', () => {
    const payload: PushPayload = { kind: 'inbox', sno: 7, title: 'Deployed: Shop', body: '', url: inboxItemPath(7), tag: 'inbox-7' };
    expect(isPushMessage({ type: 'vigil:push', payload })).toBe(true);
    expect(isPushMessage({ type: 'vigil:push', payload: null })).toBe(true);
    expect(isPushMessage({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isPushMessage('vigil:push')).toBe(false);
    expect(isPushMessage(null)).toBe(false);
  });
});
