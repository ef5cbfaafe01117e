import { describe, expect, it } from 'vitest';
import { encryptPushPayload, MAX_PUSH_PLAINTEXT } from '../../../src/server/modules/push/encrypt.js';
import { createSubscriber } from './push-receiver.js';

const b64 = (text: string) => Buffer.from(text, 'base64url');

describe('RFC 8291 encryption', () => {
  it('gives the message of the RFC 8291 appendix A example from its keys and salt', () => {
    const body = encryptPushPayload(
      Buffer.from('When I grow up, I want to be a watermelon'),
      { p256dh: b64('BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4'), auth: b64('BTBZMqHH6r4Tts7J_aSIgg') },
      { senderPrivateKey: b64('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw'), salt: b64('DGv6ra1nlYgDCS1FRnbzlw') },
    );
    expect(body.toString('base64url')).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  it('uses a fresh key and salt per message, each readable by the subscriber', () => {
    const device = createSubscriber('https://push.example.com', 'fresh');
    const keys = { p256dh: b64(device.keys.p256dh), auth: b64(device.keys.auth) };
    const first = encryptPushPayload(Buffer.from('{"a":1}'), keys);
    const second = encryptPushPayload(Buffer.from('{"a":1}'), keys);
    expect(first.equals(second)).toBe(false);
    expect([device.decrypt(first), device.decrypt(second)]).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('refuses a payload larger than one 4096-byte record', () => {
    const device = createSubscriber('https://push.example.com', 'large');
    const keys = { p256dh: b64(device.keys.p256dh), auth: b64(device.keys.auth) };
    expect(encryptPushPayload(Buffer.alloc(MAX_PUSH_PLAINTEXT, 0x61), keys).length).toBe(4096);
    expect(() => encryptPushPayload(Buffer.alloc(MAX_PUSH_PLAINTEXT + 1, 0x61), keys)).toThrow(RangeError);
  });
});
