import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropPushSubscription } from '../../../src/client/features/push/session-step.js';
import { endSession, startSession } from '../../../src/client/lib/session-storage.js';

/** The browser's side of push, which cannot exist in Node: a registration holding one subscription. */
function fakeBrowser(endpoint: string | null) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = endpoint === null ? null : { endpoint, unsubscribe };
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => registration } });
  const fetchMock = vi.fn(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetchMock);
  return { unsubscribe, fetchMock };
}

describe("the session end's dropPush step", () => {
  beforeEach(() => startSession('token-of-user-a'));
  afterEach(() => {
    vi.unstubAllGlobals();
    endSession('signedOut');
  });

  it('on logout unsubscribes this browser and tells the server with the still-held token', async () => {
    const { unsubscribe, fetchMock } = fakeBrowser('https://push.example.com/device-1');
    await dropPushSubscription({ reason: 'logout', fromOtherTab: false });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/push/unsubscribe');
    expect(JSON.parse(String(init.body))).toEqual({ endpoint: 'https://push.example.com/device-1' });
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-of-user-a');
  });

  it('after a 401 unsubscribes the browser without calling a server that refuses the token', async () => {
    const { unsubscribe, fetchMock } = fakeBrowser('https://push.example.com/device-1');
    await dropPushSubscription({ reason: 'unauthorized', fromOtherTab: false });
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves it to the tab that ended the session', async () => {
    const { unsubscribe, fetchMock } = fakeBrowser('https://push.example.com/device-1');
    await dropPushSubscription({ reason: 'otherTab', fromOtherTab: true });
    expect(unsubscribe).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing without a subscription or without service workers, and survives the server being away', async () => {
    const { fetchMock } = fakeBrowser(null);
    await dropPushSubscription({ reason: 'logout', fromOtherTab: false });
    expect(fetchMock).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', {});
    await expect(dropPushSubscription({ reason: 'logout', fromOtherTab: false })).resolves.toBeUndefined();
    const { unsubscribe } = fakeBrowser('https://push.example.com/device-2');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(dropPushSubscription({ reason: 'logout', fromOtherTab: false })).resolves.toBeUndefined();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });
});
