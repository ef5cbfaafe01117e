import { describe, expect, it } from 'vitest';
import {
  FULL_TASKS_PRIVILEGE,
  ROLES,
  TASK_AREAS,
  canAccess,
  type AccessNeed,
  type AccessSubject,
  type TasksPrivilege,
} from '../../src/shared/index.js';

const NO_PRIVILEGE: TasksPrivilege = { overview: 'none', monitor: 'none', alert: 'none', nodes: 'none' };
const MIXED: TasksPrivilege = { overview: 'view', monitor: 'edit', alert: 'view', nodes: 'none' };

const customer = (tasksPrivilege: TasksPrivilege, roles: string[] = [ROLES.CUSTOMER]): AccessSubject => ({
  roles,
  tasksPrivilege,
});

const EVERY_NEED: AccessNeed[] = [
  {},
  { roles: ['some-other-role'] },
  ...TASK_AREAS.flatMap((area) => [{ area }, { area, mutation: true }, { area, mutation: true, roles: ['x'] }]),
];

describe('canAccess (§6)', () => {
  it('has the task areas Overview, monitor, alert and nodes', () => {
    expect(TASK_AREAS).toEqual(['overview', 'monitor', 'alert', 'nodes']);
  });

  it.each([
    ['a manager without any privilege', customer(NO_PRIVILEGE, [ROLES.MANAGER])],
    ['an administrator viewing a customer', { ...customer(NO_PRIVILEGE, []), adminToken: 'admin-session-ref' }],
    ['an administrator token that is empty text', { ...customer(NO_PRIVILEGE), adminToken: '' }],
  ])('%s sees and changes everything', (_label, subject) => {
    for (const need of EVERY_NEED) expect(canAccess(subject, need)).toBe(true);
  });

  it.each([
    ['overview', false, true],
    ['overview', true, false],
    ['monitor', false, true],
    ['monitor', true, true],
    ['alert', false, true],
    ['alert', true, false],
    ['nodes', false, false],
    ['nodes', true, false],
  ] as const)('area %s (mutation %s) → %s for view/edit/none privileges', (area, mutation, expected) => {
    expect(canAccess(customer(MIXED), { area, mutation })).toBe(expected);
  });

  it('hides every area from a user whose privileges are all none', () => {
    for (const area of TASK_AREAS) expect(canAccess(customer(NO_PRIVILEGE), { area })).toBe(false);
  });

  it('lets a user with full privileges read and change every area', () => {
    for (const area of TASK_AREAS) expect(canAccess(customer(FULL_TASKS_PRIVILEGE), { area, mutation: true })).toBe(true);
  });

  it('shows a route without an area to every signed-in user', () => {
    expect(canAccess(customer(NO_PRIVILEGE), {})).toBe(true);
    expect(canAccess(customer(NO_PRIVILEGE), { mutation: true })).toBe(true);
  });

  it.each([
    [undefined, true],
    [[], true],
    [[ROLES.CUSTOMER], true],
    [['auditor', ROLES.CUSTOMER], true],
    [['auditor'], false],
    [[ROLES.MANAGER], false],
  ])('a route declaring roles %j → %s for a customer', (roles, expected) => {
    expect(canAccess(customer(FULL_TASKS_PRIVILEGE), { roles, area: 'monitor' })).toBe(expected);
  });

  it('needs both a listed role and a privilege other than none', () => {
    const subject = customer(MIXED, ['auditor']);
    expect(canAccess(subject, { roles: ['auditor'], area: 'monitor' })).toBe(true);
    expect(canAccess(subject, { roles: ['auditor'], area: 'nodes' })).toBe(false);
    expect(canAccess(subject, { roles: [ROLES.CUSTOMER], area: 'monitor' })).toBe(false);
  });

  it('lets a manager through routes declaring other roles', () => {
    expect(canAccess(customer(NO_PRIVILEGE, [ROLES.MANAGER]), { roles: ['auditor'], area: 'nodes', mutation: true })).toBe(
      true,
    );
  });
});
