import { describe, expect, it } from 'vitest';
import { canSeeRoute, paramsAreValid, routeById, sectionOfPath, visibleSections } from '../../src/client/app/navigation.js';
import { ROUTES } from '../../src/client/app/routes.js';
import { FULL_TASKS_PRIVILEGE, type AccessSubject } from '../../src/shared/index.js';

const customer: AccessSubject = { roles: ['customer'], tasksPrivilege: FULL_TASKS_PRIVILEGE };

const route = (id: string) => {
  const found = routeById(id);
  if (!found) throw new Error(`no route ${id}`);
  return found;
};

describe('route table', () => {
  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((entry) => entry.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((entry) => entry.path)).size).toBe(ROUTES.length);
  });

  it('holds every route of §2', () => {
    const paths = ROUTES.map((entry) => entry.path);
    for (const path of ['/login', '/sso', '/404', '/redirect/*', '/', '/overview', '/monitor', '/monitor/:type', '/monitor/create/:createType', '/monitor/edit/:id', '/monitor/createtrace', '/monitor/edittrace/:id', '/monitor/import', '/monitor/:type/detail/:id', '/monitor/:type/tracedetail/:id', '/apimanager', '/detect_mtr', '/ssl_chain_checker', '/alert', '/alert/:type', '/alert/create/:createType', '/alert/edit/:id', '/alert/setting', '/nodes', '/matchip', '/profile', '/profile/update', '/account', '/account/translog']) {
      expect(paths).toContain(path);
    }
  });

  it('declares redirects of §2', () => {
    expect(route('home').redirectTo).toBe('/overview');
    expect(route('monitor').redirectTo).toBe('/monitor/1');
    expect(route('alert').redirectTo).toBe('/alert/1');
    expect(route('profile').redirectTo).toBe('/profile/update');
  });

  it('checks path parameters', () => {
    expect(paramsAreValid(route('monitorList'), { type: '7' })).toBe(true);
    expect(paramsAreValid(route('monitorList'), { type: '8' })).toBe(false);
    expect(paramsAreValid(route('alertList'), { type: '6' })).toBe(false);
    expect(paramsAreValid(route('alertList'), { type: '5' })).toBe(true);
    expect(paramsAreValid(route('monitorEdit'), { id: 'abc' })).toBe(false);
    expect(paramsAreValid(route('overview'), {})).toBe(true);
  });
});

describe('menu and access', () => {
  it('shows every section to a customer with full privileges', () => {
    expect(visibleSections(customer).map((section) => section.id)).toEqual(['overview', 'monitor', 'apiManager', 'alert', 'nodes']);
  });

  it('hides sections whose entries are all out of reach', () => {
    const noAlerts: AccessSubject = { ...customer, tasksPrivilege: { ...FULL_TASKS_PRIVILEGE, alert: 'none', nodes: 'none' } };
    expect(visibleSections(noAlerts).map((section) => section.id)).toEqual(['overview', 'monitor', 'apiManager']);
    expect(canSeeRoute(noAlerts, route('alertSetting'))).toBe(false);
    expect(canSeeRoute(noAlerts, route('profileUpdate'))).toBe(true);
  });

  it('lets an administrator and a manager see everything', () => {
    const nothing = { overview: 'none', monitor: 'none', alert: 'none', nodes: 'none' } as const;
    expect(visibleSections({ roles: [], tasksPrivilege: nothing, adminToken: 'ref' })).toHaveLength(5);
    expect(visibleSections({ roles: ['manager'], tasksPrivilege: nothing })).toHaveLength(5);
  });

  it('maps paths to their top bar section', () => {
    expect(sectionOfPath('/monitor/3/detail/9')).toBe('monitor');
    expect(sectionOfPath('/detect_mtr')).toBe('monitor');
    expect(sectionOfPath('/alert/setting')).toBe('alert');
    expect(sectionOfPath('/account')).toBeUndefined();
  });
});
