import { describe, expect, it } from 'vitest';
import { sessionAfterStorageChange, type SessionState } from '../../src/client/lib/session-storage.js';

describe('a token change in another tab', () => {
  const active: SessionState = { token: 'x', phase: 'active' };

  it('takes over another user’s token as an active session', () => {
    expect(sessionAfterStorageChange(active, 'y')).toEqual({ token: 'y', phase: 'active' });
    expect(sessionAfterStorageChange({ token: null, phase: 'anonymous' }, 'y')).toEqual({ token: 'y', phase: 'active' });
  });

  it('signs this tab out when the token is removed', () => {
    expect(sessionAfterStorageChange(active, null)).toEqual({ token: null, phase: 'signedOut' });
  });

  it('changes nothing when the token is the one this tab has', () => {
    expect(sessionAfterStorageChange(active, 'x')).toBe(active);
    const expiring: SessionState = { token: null, phase: 'expiring' };
    expect(sessionAfterStorageChange(expiring, null)).toBe(expiring);
  });
});
