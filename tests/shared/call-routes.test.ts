import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALL_ROUTES } from '../../src/shared/calls/call-routes.js';
import { API_BASE, callUrlPath, pathParamNames } from '../../src/shared/calls/paths.js';
import { routeOf } from '../../src/shared/calls/route-of.js';
import { CALLS, isConsoleCall } from '../../src/shared/index.js';

const REGENERATE = 'run `npx tsx scripts/generate-call-routes.ts`';

const CONSOLE_CALLS = Object.entries(CALLS).filter(([, call]) => isConsoleCall(call));

describe('the console\'s calls without schemas (CALL_ROUTES)', () => {
  it(`has exactly the public and session calls of the call table, in its order (else ${REGENERATE})`, () => {
    expect(Object.keys(CALL_ROUTES), REGENERATE).toEqual(CONSOLE_CALLS.map(([id]) => id));
    expect(Object.keys(CALL_ROUTES)).not.toContain('agentHeartbeat');
    expect(Object.keys(CALL_ROUTES)).not.toContain('platformCustomerCreate');
  });

  it(`gives every call the method, path and flags its definition has (else ${REGENERATE})`, () => {
    const fromDefinitions = Object.fromEntries(CONSOLE_CALLS.map(([id, call]) => [id, routeOf(call)]));
    expect(CALL_ROUTES, REGENERATE).toEqual(fromDefinitions);
  });

  it('marks the calls the console treats apart: silent ones and changes', () => {
    expect(CALL_ROUTES.wakening).toEqual({ method: 'POST', path: '/auth/wakening', silent: true });
    expect(CALL_ROUTES.login).toEqual({ method: 'POST', path: '/auth/login' });
    expect(CALL_ROUTES.profileUpdate).toMatchObject({ mutation: true });
  });

  it('tells the console which calls send a file (the part and its cap) and which answer one', () => {
    expect(CALL_ROUTES.domainImport).toMatchObject({ mutation: true, upload: { field: 'file', maxBytes: 5 * 1024 * 1024 } });
    expect(CALL_ROUTES.domainImportTemplate).toMatchObject({ answersFile: true });
    expect(CALL_ROUTES.domainImportFailedFile).toMatchObject({ answersFile: true });
    expect(CALL_ROUTES.domainList).toEqual({ method: 'POST', path: '/domain/list' });
  });

  it.each(['call-routes.ts', 'paths.ts'])('%s brings no schema along: it imports types only', (file) => {
    const source = readFileSync(new URL(`../../src/shared/calls/${file}`, import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => /^import\s/.test(line));
    expect(imports.filter((line) => !line.startsWith('import type '))).toEqual([]);
  });
});

describe('call paths', () => {
  it('are under /api by default', () => {
    expect(API_BASE).toBe('/api');
  });

  it('fill each {name} segment from the body, encoded', () => {
    expect(pathParamNames(CALL_ROUTES.ipGroupGet.path)).toEqual(['id']);
    expect(callUrlPath(CALL_ROUTES.ipGroupGet.path, { id: 12 })).toBe('/domain_group/addr/12');
    expect(callUrlPath('/a/{name}/b', { name: 'x y/z' })).toBe('/a/x%20y%2Fz/b');
    expect(callUrlPath('/a/{name}', undefined)).toBe('/a/');
  });
});
