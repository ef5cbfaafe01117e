import { describe, expect, it } from 'vitest';
import { sessionLoadFailureOf } from '../../../src/client/app/session-load.js';
import { shownTimeText } from '../../../src/client/app/offline/shown-time-text.js';
import { ApiError } from '../../../src/client/lib/api-failure.js';
import { forgetIdentity, readIdentity, tokenFingerprint, writeIdentity, type IdentityStorage } from '../../../src/client/lib/offline/identity.js';
import { sessionEndedReasonOf } from '../../../src/client/lib/offline/session-channel.js';
import { shownDataTimeOf } from '../../../src/client/lib/offline/shown-data-time.js';

function memoryStorage(): IdentityStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('the identity kept beside the token', () => {
  it('is found again for the same token only', () => {
    const storage = memoryStorage();
    writeIdentity('token-a', { custId: 3, userId: 7 }, storage);
    expect(readIdentity('token-a', storage)).toEqual({ custId: 3, userId: 7 });
    expect(readIdentity('token-b', storage)).toBeNull();
    forgetIdentity(storage);
    expect(readIdentity('token-a', storage)).toBeNull();
  });

  it('never stores the token itself', () => {
    const storage = memoryStorage();
    writeIdentity('secret-token-value', { custId: 1, userId: 1 }, storage);
    expect([...storage.values.values()].join()).not.toContain('secret-token-value');
    expect(tokenFingerprint('a')).not.toBe(tokenFingerprint('b'));
  });

  it('ignores what cannot be read', () => {
    const storage = memoryStorage();
    storage.setItem('vigil.offline.identity', '{not json');
    expect(readIdentity('t', storage)).toBeNull();
    expect(readIdentity('t', null)).toBeNull();
  });
});

describe('a session load failure', () => {
  it('ends the session only when the server refused it', () => {
    expect(sessionLoadFailureOf(null)).toBe('none');
    expect(sessionLoadFailureOf(new ApiError('profile', { kind: 'network' }))).toBe('unreachable');
    expect(sessionLoadFailureOf(new ApiError('profile', { kind: 'http', httpStatus: 503 }))).toBe('unreachable');
    expect(sessionLoadFailureOf(new ApiError('profile', { kind: 'envelope', code: 401, message: '', errors: [], httpStatus: 401 }))).toBe('unauthorized');
    expect(sessionLoadFailureOf(new ApiError('profile', { kind: 'envelope', code: 2005, message: '', errors: [], httpStatus: 403 }))).toBe('unauthorized');
    expect(sessionLoadFailureOf(new ApiError('profile', { kind: 'envelope', code: 2006, message: '', errors: [], httpStatus: 403 }))).toBe('unauthorized');
    expect(sessionLoadFailureOf(new ApiError('profile', { kind: 'envelope', code: 2001, message: '', errors: [], httpStatus: 400 }))).toBe('refused');
    expect(sessionLoadFailureOf(new ApiError('profile', { kind: 'http', httpStatus: 500 }))).toBe('refused');
  });
});

describe('the other tabs’ message', () => {
  it('is read only in its own shape', () => {
    expect(sessionEndedReasonOf({ type: 'session-ended', reason: 'logout' })).toBe('logout');
    expect(sessionEndedReasonOf({ type: 'session-ended', reason: 'whatever' })).toBeNull();
    expect(sessionEndedReasonOf({ type: 'other', reason: 'logout' })).toBeNull();
    expect(sessionEndedReasonOf('logout')).toBeNull();
  });
});

describe('the time of the data shown', () => {
  const query = (persist: boolean, updatedAt: number, observers: number, hasData = true) => ({
    meta: persist ? { persist: true } : undefined,
    state: { data: hasData ? {} : undefined, dataUpdatedAt: updatedAt },
    getObserversCount: () => observers,
  });

  it('is the oldest answer among the persisted queries on screen', () => {
    expect(shownDataTimeOf([query(true, 2_000, 1), query(true, 1_000, 1), query(true, 500, 0), query(false, 100, 1)])).toBe(1_000);
    expect(shownDataTimeOf([query(true, 500, 0), query(false, 100, 1), query(true, 900, 1, false)])).toBeNull();
  });

  it('passes over the queries of every screen (the bell), which would date each screen back to the sign-in', () => {
    const bell = { ...query(true, 100, 1), meta: { persist: true, onEveryScreen: true } };
    expect(shownDataTimeOf([bell, query(true, 2_000, 1)])).toBe(2_000);
    expect(shownDataTimeOf([bell])).toBeNull();
  });

  it('is shown as a clock time today and with the date before', () => {
    const now = new Date(2026, 10, 22, 15, 0).getTime();
    expect(shownTimeText(new Date(2026, 10, 22, 9, 5).getTime(), now, 'en')).toMatch(/09:05|9:05/);
    expect(shownTimeText(new Date(2026, 10, 20, 9, 5).getTime(), now, 'en')).toMatch(/Nov.*20|20.*Nov/);
  });
});
