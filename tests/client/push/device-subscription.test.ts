import { describe, expect, it } from 'vitest';
import { applicationServerKeyOf, subscribeBodyOf, usesServerKey } from '../../../src/client/features/push/device-subscription.js';
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
