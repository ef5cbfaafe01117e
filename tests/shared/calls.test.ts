import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, CALLS, LoginBody, SsoLoginBody, TASK_AREAS } from '../../src/shared/index.js';
import { fieldErrors } from './helpers.js';

const entries = Object.entries(CALLS);

describe('call table', () => {
  it('holds calls', () => {
    expect(entries.length).toBeGreaterThan(0);
    expect(API_BASE).toBe('/api');
  });

  it.each(entries)('%s is a well-formed call', (_id, call) => {
    expect(call.path).toMatch(/^\/[A-Za-z0-9_/{}.-]*$/);
    expect(call.path).not.toMatch(/\/$/);
    expect(['GET', 'POST', 'PUT', 'DELETE']).toContain(call.method);
    expect(call.body).toBeInstanceOf(z.ZodType);
    expect(call.answer).toBeInstanceOf(z.ZodType);
    expect(['public', 'session', 'platform', 'agent']).toContain(call.access);
    expect(typeof call.mutation).toBe('boolean');
    expect(call.summary.length).toBeGreaterThan(0);
    if (call.area !== undefined) expect(TASK_AREAS).toContain(call.area);
  });

  it('has no two calls with the same method and path', () => {
    const keys = entries.map(([, call]) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each([
    ['POST', '/auth/login'],
    ['POST', '/auth/logout'],
    ['POST', '/auth/wakening'],
    ['POST', '/auth/loginSSO'],
    ['GET', '/auth/ssotoback'],
    ['POST', '/profile'],
    ['POST', '/profile/update'],
  ])('offers %s %s from spec §7', (method, path) => {
    const call = entries.map(([, definition]) => definition).find((definition) => definition.path === path);
    expect(call?.method).toBe(method);
  });

  it('lets anyone log in, but only a session log out', () => {
    expect(CALLS.login.access).toBe('public');
    expect(CALLS.loginSso.access).toBe('public');
    expect(CALLS.logout.access).toBe('session');
    expect(CALLS.profile.access).toBe('session');
  });

  it('keeps the wakening call silent and marks profile update as a change', () => {
    expect(CALLS.wakening.silent).toBe(true);
    expect(CALLS.profileUpdate.mutation).toBe(true);
  });

  it('answers a token for both logins and a URL for the SSO return', () => {
    expect(CALLS.login.answer.safeParse({ token: 'abc' }).success).toBe(true);
    expect(CALLS.loginSso.answer.safeParse({ token: 'abc' }).success).toBe(true);
    expect(CALLS.ssoReturn.answer.safeParse({ url: 'https://platform.example.com' }).success).toBe(true);
    expect(CALLS.login.answer.safeParse({}).success).toBe(false);
  });

  it('takes no body for calls without one, and refuses unknown fields there', () => {
    expect(CALLS.logout.body.safeParse(undefined).success).toBe(true);
    expect(CALLS.logout.body.safeParse({}).success).toBe(true);
    expect(CALLS.logout.body.safeParse({ extra: 1 }).success).toBe(false);
  });

  it('only checks login fields for presence', () => {
    expect(fieldErrors(LoginBody, { account: 'Not A Valid Account!', password: '1' })).toEqual([]);
    expect(fieldErrors(LoginBody, { account: '', password: '' })).toEqual([
      { field: 'account', code: 10010002 },
      { field: 'password', code: 10010002 },
    ]);
    expect(fieldErrors(SsoLoginBody, {})).toEqual([{ field: 'authCode', code: 10010002 }]);
  });
});
