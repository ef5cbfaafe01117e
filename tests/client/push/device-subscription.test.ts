import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applicationServerKeyOf,
  PushServiceTimeout,
  SUBSCRIBE_WAIT_MS,
  subscribeBodyOf,
  subscribeDevice,
  usesServerKey,
} from '../../../src/client/features/push/device-subscription.js';
import { pushFailureOf } from '../../../src/client/features/push/use-push-control.js';
import { PushSubscribeBody } from '../../../src/shared/index.js';

const SERVER_KEY = 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8';

describe('device subscription', () => {
  it('turns the served base64url key into the 65 bytes of applicationServerKey', () => {
    const bytes = applicationServerKeyOf(SERVER_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    const base64url = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(base64url).toBe(SERVER_KEY);
  });

  it('sends the endpoint, keys and console language the server validates, and nothing else', () => {
    const json = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def',
      expirationTime: null,
      keys: { p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4', auth: 'BTBZMqHH6r4Tts7J_aSIgg' },
    };
    const body = subscribeBodyOf(json, 'zh-cn');
    expect(body).toEqual({ endpoint: json.endpoint, keys: json.keys, language: 'zh-cn' });
    expect(PushSubscribeBody.safeParse(body).success).toBe(true);
  });

  it('gives nothing for a subscription without keys', () => {
    expect(subscribeBodyOf({ endpoint: 'https://push.example.com/x' }, 'en')).toBeNull();
    expect(subscribeBodyOf({ keys: { p256dh: 'B', auth: 'A' } }, 'en')).toBeNull();
  });

  it('knows whether a held subscription was made with the current server key', () => {
    const held = (key: Uint8Array | null) => ({ options: { applicationServerKey: key?.buffer ?? null } }) as unknown as PushSubscription;
    expect(usesServerKey(held(applicationServerKeyOf(SERVER_KEY)), SERVER_KEY)).toBe(true);
    const other = applicationServerKeyOf(SERVER_KEY);
    other[10] = (other[10] ?? 0) ^ 1;
    expect(usesServerKey(held(other), SERVER_KEY)).toBe(false);
    expect(usesServerKey(held(null), SERVER_KEY)).toBe(false);
  });
});

/** A registration whose push service answers `subscribe` with what `answer` gives (never, by default). */
function registrationWhosePushService(answer: () => Promise<PushSubscription> = () => new Promise(() => undefined)) {
  const calls: PushSubscriptionOptionsInit[] = [];
  const pushManager = {
    getSubscription: () => Promise.resolve(null),
    subscribe: (options: PushSubscriptionOptionsInit) => {
      calls.push(options);
      return answer();
    },
  };
  return { registration: { pushManager } as unknown as ServiceWorkerRegistration, calls };
}

describe('turning push on where the push service cannot be reached', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up after SUBSCRIBE_WAIT_MS with a timeout of its own, not after the browser’s 25 s and more', async () => {
    vi.useFakeTimers();
    const { registration, calls } = registrationWhosePushService();
    let outcome: unknown = 'still waiting';
    void subscribeDevice(registration, SERVER_KEY).then(
      (value) => (outcome = value),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(SUBSCRIBE_WAIT_MS - 1);
    expect(calls).toHaveLength(1);
    expect(outcome).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(PushServiceTimeout);
    expect(SUBSCRIBE_WAIT_MS).toBeLessThanOrEqual(10_000);
  });

  it('answers with the subscription when the push service answers in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const subscription = { endpoint: 'https://push.example.com/1' } as PushSubscription;
    const { registration } = registrationWhosePushService(() => Promise.resolve(subscription));
    await expect(subscribeDevice(registration, SERVER_KEY)).resolves.toBe(subscription);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('what the control says after a failed try', () => {
  it('names a silent push service apart from other failures, and nothing once it works', () => {
    expect(pushFailureOf(new PushServiceTimeout(SUBSCRIBE_WAIT_MS), false)).toBe('noPushService');
    expect(pushFailureOf(new Error('no service worker'), false)).toBe('enable');
    expect(pushFailureOf(null, true)).toBe('disable');
    expect(pushFailureOf(null, false)).toBeNull();
  });
});
