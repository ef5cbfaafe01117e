import { describe, expect, it } from 'vitest';

const SOURCES = import.meta.glob('../../../src/client/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

/** Static (non-type) imports and re-exports of a module: what loads with it, unlike `import()` and `import type`. */
function staticImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?'([^']+)';/gms)) {
    if (!match[1]) specifiers.push(match[2] ?? '');
  }
  return specifiers;
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/').replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`].find((path) => path in SOURCES) ?? null;
}

/** Every module and package loaded with `entry`, following relative static imports. */
function loadedWith(entry: string): { modules: Set<string>; packages: Set<string> } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const visit = (path: string) => {
    if (modules.has(path)) return;
    modules.add(path);
    for (const specifier of staticImports(SOURCES[path] ?? '')) {
      const next = resolve(path, specifier);
      if (next) visit(next);
      else if (!specifier.startsWith('.')) packages.add(specifier);
    }
  };
  visit(entry);
  return { modules, packages };
}

const CHART_PACKAGES = ['chart.js', 'react-chartjs-2', 'chartjs-chart-geo', 'virtual:vigil-geometry', 'topojson-client'];
const CHARTS = '../../../src/client/charts';

describe('chart code loads with the first chart, not with the console', () => {
  it('the charts entry pulls in neither chart.js, chartjs-chart-geo nor the geometry', () => {
    const { modules, packages } = loadedWith(`${CHARTS}/index.ts`);
    expect(modules.has(`${CHARTS}/trend-chart.tsx`)).toBe(true);
    expect(CHART_PACKAGES.filter((name) => packages.has(name))).toEqual([]);
    expect([...modules].filter((path) => path.includes('/geo/build-geometry'))).toEqual([]);
  });

  it('the lazily imported views are where chart.js comes in', () => {
    expect(SOURCES[`${CHARTS}/trend-chart.tsx`]).toContain("import('./trend-chart-view.js')");
    expect(SOURCES[`${CHARTS}/status-map.tsx`]).toContain("import('./status-map-view.js')");
    expect(loadedWith(`${CHARTS}/trend-chart-view.tsx`).packages.has('chart.js')).toBe(true);
    const map = loadedWith(`${CHARTS}/status-map-view.tsx`).packages;
    expect(['chartjs-chart-geo', 'virtual:vigil-geometry'].every((name) => map.has(name))).toBe(true);
  });

  it('registers chart.js parts one by one, never chart.js/auto', () => {
    const offenders = Object.entries(SOURCES).filter(([, source]) => /from 'chart\.js\/auto'|registerables/.test(source));
    expect(offenders.map(([path]) => path)).toEqual([]);
  });
});
