import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from '../../src/client/features/auth/redirect-target.js';

describe('safeRedirectTarget', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeRedirectTarget('/monitor/3')).toBe('/monitor/3');
    expect(safeRedirectTarget('/alert/1?page=2#top')).toBe('/alert/1?page=2#top');
  });

  it.each([
    null,
    undefined,
    '',
    'monitor/1',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\tx',
  ])('sends %j home', (raw) => {
    expect(safeRedirectTarget(raw)).toBe('/');
  });

  it('never returns to an auth page', () => {
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/');
    expect(safeRedirectTarget('/sso?code=1')).toBe('/');
  });

  it('builds the login path that comes back', () => {
    const path = loginPathFor('/monitor/1?x=1');
    expect(path).toBe('/login?redirect=%2Fmonitor%2F1%3Fx%3D1');
    expect(safeRedirectTarget(new URLSearchParams(path.split('?')[1]).get('redirect'))).toBe('/monitor/1?x=1');
  });
});
