import { describe, expect, it } from 'vitest';
import { CALLS, acceptsApiKey, type CallId } from '../../src/shared/calls/index.js';

const entries = Object.entries(CALLS) as [CallId, (typeof CALLS)[CallId]][];

describe('which calls an API key may make (the call table decides)', () => {
  it('never a call of sign-in, the session, the profile, devices, the inbox or the keys themselves', () => {
    const sessionOnly: CallId[] = [
      'login',
      'logout',
      'wakening',
      'loginSso',
      'ssoReturn',
      'ssoCode',
      'profile',
      'profileUpdate',
      'pushKey',
      'pushStatus',
      'pushSubscribe',
      'pushUnsubscribe',
      'inboxList',
      'inboxItem',
      'inboxRead',
      'inboxReadAll',
      'apiKeyList',
      'apiKeyCreate',
      'apiKeyRevoke',
    ];
    for (const id of sessionOnly) expect([id, acceptsApiKey(CALLS[id])]).toEqual([id, false]);
  });

  it('only session calls, and without a task area only those that say so', () => {
    for (const [id, call] of entries) {
      if (!acceptsApiKey(call)) continue;
      expect([id, call.access]).toEqual([id, 'session']);
      if (call.area === undefined) expect([id, 'apiKey' in call && call.apiKey]).toEqual([id, true]);
    }
  });

  it("every call guarded by a task area accepts keys unless it opts out: the customer's data", () => {
    const areaCalls = entries.filter(([, call]) => call.area !== undefined && !('apiKey' in call && call.apiKey === false));
    expect(areaCalls.length).toBeGreaterThan(50);
    for (const [id, call] of areaCalls) expect([id, acceptsApiKey(call)]).toEqual([id, true]);
  });
});
