import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/client/app/routes.js';
import { FEATURE_OF_SCREEN, loadScreenCodeAt, loadedFeature, routeAt } from '../../src/client/app/screen-loaders.js';

const SAMPLE_VALUES: Record<string, string> = { type: '3', createType: '2', id: '17' };

/** A path that opens the route: its parameters filled with valid values, a catch-all with two segments. */
function samplePathOf(pattern: string): string {
  return pattern
    .split('/')
    .map((part) => (part === '*' ? 'a/b' : part.startsWith(':') ? (SAMPLE_VALUES[part.slice(1)] ?? 'x') : part))
    .join('/');
}

const routerMatch = (path: string) => matchRoutes(ROUTES.map((route) => ({ path: route.path, id: route.id })), path)?.[0]?.route.id;

describe('the route a cold start asks the code of', () => {
  const paths = [
    ...ROUTES.map((route) => samplePathOf(route.path)),
    '/monitor/groups',
    '/monitor/createtrace',
    '/monitor/import',
    '/MONITOR/3',
    '/monitor/3/',
    '/alert/setting',
    '/redirect',
    '/redirect/monitor/3',
    '/nowhere',
    '/monitor/3/detail',
  ];

  it.each(paths)('is the route the router renders at %s', (path) => {
    expect(routeAt(path)?.id).toBe(routerMatch(path));
  });
});

describe('screen code', () => {
  it('is in once the opened screen’s code was asked for, so the screen renders without suspending', async () => {
    expect(FEATURE_OF_SCREEN.monitorList).toBe('monitor');
    await loadScreenCodeAt('/monitor/3');
    expect(typeof loadedFeature('monitor')?.MonitorListPage).toBe('function');
  }, 60_000);

  it('is not asked for screens that come with the console (the sign-in)', async () => {
    await loadScreenCodeAt('/login');
    await loadScreenCodeAt('/nowhere');
    expect(loadedFeature('nodes')).toBeUndefined();
    expect(loadedFeature('account')).toBeUndefined();
  });
});
