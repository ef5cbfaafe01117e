import { describe, expect, it } from 'vitest';
import { hostnameOf, initialUrlOf, portOf, redirectTargetOf } from '../../../src/agent/checks/http/url.js';

describe('the URL a task names', () => {
  it('uses the scheme of the type and the default port', () => {
    const url = initialUrlOf({ host: 'example.com', path: '/status?x=1' }, true);
    expect(url?.href).toBe('https://example.com/status?x=1');
    expect(url && portOf(url)).toBe(443);
    expect(url && portOf(initialUrlOf({ host: 'example.com', path: '/' }, false) ?? url)).toBe(80);
  });

  it('keeps an explicit port and adds the leading slash of the other path', () => {
    expect(initialUrlOf({ host: 'example.com', port: 8080, path: 'health' }, false)?.href).toBe('http://example.com:8080/health');
  });

  it('brackets an IPv6 literal and gives it back bare for the resolver', () => {
    const url = initialUrlOf({ host: '::1', port: 8443, path: '/' }, true);
    expect(url?.host).toBe('[::1]:8443');
    expect(url && hostnameOf(url)).toBe('::1');
  });

  it('answers null for a host that cannot form a URL', () => {
    expect(initialUrlOf({ host: 'bad host/\\', path: '/' }, false)).toBeNull();
  });
});

describe('redirects', () => {
  const base = new URL('http://example.com/a/b');
  it.each([301, 302, 303, 307, 308])('%i with a Location is followed', (status) => {
    expect(redirectTargetOf(status, '/next', base)?.href).toBe('http://example.com/next');
  });
  it('resolves a relative location against the current URL and may change scheme and host', () => {
    expect(redirectTargetOf(302, 'c', base)?.href).toBe('http://example.com/a/c');
    expect(redirectTargetOf(301, 'https://www.example.com/', base)?.href).toBe('https://www.example.com/');
  });
  it.each([
    [200, '/next'],
    [304, '/next'],
    [302, null],
    [302, 'ftp://example.com/file'],
    ['000', '/next'],
  ] as const)('%s with %s is final', (status, location) => {
    expect(redirectTargetOf(status, location, base)).toBeNull();
  });
});
