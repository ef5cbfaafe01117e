import { z } from 'zod';
import { CHINA_REGIONS, COUNTRIES, ISP_CODES, MAP_TYPES } from '../codes.js';
import { PRIVILEGE_LEVELS, ROLES, TASK_AREAS } from '../roles.js';
import { accountRule, emailRule, ipRule, nameRule, passwordRule, requiredText } from '../validation/rules.js';
import { defineCall } from './define.js';
import { EndedSessions } from './platform-ops.js';

/**
 * The operator's verbs on users, privileges, administrators and probe nodes' keys: platform calls,
 * each also a verb of `npm run admin` (see platform-ops.ts).
 */

const Id = z.number().int().positive();

export const TasksPrivilegeInput = z.strictObject(
  Object.fromEntries(TASK_AREAS.map((area) => [area, z.enum(PRIVILEGE_LEVELS)])) as Record<(typeof TASK_AREAS)[number], z.ZodEnum<{ [K in (typeof PRIVILEGE_LEVELS)[number]]: K }>>,
);

export const PlatformUser = z.object({
  id: z.number().int(),
  custId: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string(),
  privilegeId: z.number().int(),
  roles: z.array(z.string()),
  status: z.enum(['active', 'suspended']),
  /** Concurrent sessions allowed; null: the server's default (VIGIL_MAX_SESSIONS). */
  maxSessions: z.number().int().nullable(),
});
export type PlatformUser = z.infer<typeof PlatformUser>;

/** A password the server made: shown in this answer only. */
const ShownOncePassword = z.object({ password: z.string().optional() });

export const UserCreateBody = z.strictObject({
  custId: Id,
  account: accountRule,
  name: nameRule,
  email: emailRule.optional(),
  /** Left out: one is generated and answered once. */
  password: passwordRule.optional(),
  /** An existing privilege; left out: a privilege of the user's own with `tasksPrivilege` (default all edit). */
  privilegeId: Id.optional(),
  tasksPrivilege: TasksPrivilegeInput.optional(),
  roles: z.array(z.enum([ROLES.CUSTOMER, ROLES.MANAGER])).min(1).max(2).optional(),
  maxSessions: z.number().int().min(1).max(1000).nullable().optional(),
});
export const UserRefBody = z.strictObject({ account: accountRule });
export const UserLimitBody = z.strictObject({ account: accountRule, maxSessions: z.number().int().min(1).max(1000).nullable() });
export const UserPasswordBody = z.strictObject({ account: accountRule, password: passwordRule.optional() });
export const UserListBody = z.strictObject({ custId: Id.optional() });

export const PlatformPrivilege = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['active', 'deactivated']),
  tasksPrivilege: TasksPrivilegeInput,
  users: z.number().int(),
});
export const PrivilegeRefBody = z.strictObject({ privilegeId: Id });
export const PrivilegeCreateBody = z.strictObject({ name: nameRule, tasksPrivilege: TasksPrivilegeInput });

export const PlatformAdmin = z.object({ id: z.number().int(), account: z.string(), name: z.string(), status: z.enum(['active', 'suspended']) });
export const AdminCreateBody = z.strictObject({ account: accountRule, name: nameRule, password: passwordRule.optional() });
export const AdminRefBody = z.strictObject({ account: accountRule });

export const IssuedNodeKey = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  /** Shown once; only its SHA-256 is stored. */
  key: z.string(),
  allowPrivateTargets: z.boolean(),
});
export const NodeKeyBody = z.strictObject({
  /** The node's id or catalogue slug ('local', 'cn-beijing-telecom'). */
  node: z.union([Id, requiredText({ max: 100 })]),
  /** true/false sets the node's permission to probe private targets; left out keeps it. */
  allowPrivateTargets: z.boolean().optional(),
});
export const NodeCreateBody = z.strictObject({
  name: requiredText({ max: 255 }).optional(),
  city: requiredText({ max: 100 }),
  country: z.enum(COUNTRIES),
  province: requiredText({ max: 100 }).optional(),
  region: z.enum(CHINA_REGIONS).optional(),
  isp: z.literal(Object.values(ISP_CODES)).optional(),
  mapType: z.literal(Object.values(MAP_TYPES)).optional(),
  dnsServer: ipRule.optional(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  allowPrivateTargets: z.boolean().optional(),
});
export type NodeCreateBody = z.infer<typeof NodeCreateBody>;

const platformMutation = { method: 'POST', access: 'platform', mutation: true } as const;

export const platformUserCalls = {
  platformUserCreate: defineCall({
    ...platformMutation,
    path: '/platform/user/create',
    summary:
      'Operator: a user of a customer. 2102 unknown customer, 2003 the account exists, 2006 the privilege is unknown or deactivated. A generated password is answered once.',
    body: UserCreateBody,
    answer: z.object({ user: PlatformUser }).extend(ShownOncePassword.shape),
  }),
  platformUserSuspend: defineCall({
    ...platformMutation,
    path: '/platform/user/suspend',
    summary: "Operator: suspends a user; the user's open sessions end (their next call answers 2005). 2001 unknown account.",
    body: UserRefBody,
    answer: PlatformUser.extend(EndedSessions.shape),
  }),
  platformUserResume: defineCall({
    ...platformMutation,
    path: '/platform/user/resume',
    summary: 'Operator: lifts a user suspension. 2001 unknown account.',
    body: UserRefBody,
    answer: PlatformUser,
  }),
  platformUserLimit: defineCall({
    ...platformMutation,
    path: '/platform/user/limit',
    summary: "Operator: a user's concurrent-login limit (null: the server's default). 2001 unknown account.",
    body: UserLimitBody,
    answer: PlatformUser,
  }),
  platformUserPassword: defineCall({
    ...platformMutation,
    path: '/platform/user/password',
    summary: "Operator: resets a user's password (given, or generated and answered once); the user's open sessions end. 2001 unknown account.",
    body: UserPasswordBody,
    answer: z.object({ user: PlatformUser, endedSessions: z.number().int() }).extend(ShownOncePassword.shape),
  }),
  platformUserList: defineCall({
    method: 'POST',
    path: '/platform/user/list',
    summary: "Operator: users, all or one customer's. 2102 unknown customer.",
    body: UserListBody.optional(),
    answer: z.object({ users: z.array(PlatformUser) }),
    access: 'platform',
    mutation: false,
  }),
  platformPrivilegeCreate: defineCall({
    ...platformMutation,
    path: '/platform/privilege/create',
    summary: 'Operator: a privilege (task areas none/view/edit) users can be given.',
    body: PrivilegeCreateBody,
    answer: PlatformPrivilege,
  }),
  platformPrivilegeDeactivate: defineCall({
    ...platformMutation,
    path: '/platform/privilege/deactivate',
    summary: "Operator: deactivates a privilege; its users' open sessions end (their next call answers 2006). 2006 unknown privilege.",
    body: PrivilegeRefBody,
    answer: PlatformPrivilege.extend(EndedSessions.shape),
  }),
  platformPrivilegeReactivate: defineCall({
    ...platformMutation,
    path: '/platform/privilege/reactivate',
    summary: 'Operator: reactivates a privilege. 2006 unknown privilege.',
    body: PrivilegeRefBody,
    answer: PlatformPrivilege,
  }),
  platformPrivilegeList: defineCall({
    method: 'POST',
    path: '/platform/privilege/list',
    summary: 'Operator: every privilege with its task areas and user count.',
    body: z.strictObject({}).optional(),
    answer: z.object({ privileges: z.array(PlatformPrivilege) }),
    access: 'platform',
    mutation: false,
  }),
  platformAdminCreate: defineCall({
    ...platformMutation,
    path: '/platform/admin/create',
    summary: 'Operator: an administrator (who may view customers through SSO). 2003 the account exists. A generated password is answered once.',
    body: AdminCreateBody,
    answer: z.object({ admin: PlatformAdmin }).extend(ShownOncePassword.shape),
  }),
  platformAdminSuspend: defineCall({
    ...platformMutation,
    path: '/platform/admin/suspend',
    summary: "Operator: suspends an administrator; the administrator's open sessions end (2005). 2001 unknown account.",
    body: AdminRefBody,
    answer: PlatformAdmin.extend(EndedSessions.shape),
  }),
  platformAdminResume: defineCall({
    ...platformMutation,
    path: '/platform/admin/resume',
    summary: 'Operator: lifts an administrator suspension. 2001 unknown account.',
    body: AdminRefBody,
    answer: PlatformAdmin,
  }),
  platformNodeKey: defineCall({
    ...platformMutation,
    path: '/platform/node/key',
    summary: "Operator: a new key for a probe node (shown once; the previous key stops working), optionally setting its permission for private targets. 2304 unknown node.",
    body: NodeKeyBody,
    answer: IssuedNodeKey,
  }),
  platformNodeCreate: defineCall({
    ...platformMutation,
    path: '/platform/node/create',
    summary: 'Operator: a probe node outside the catalogue and its first key (shown once); left-out fields follow from the country.',
    body: NodeCreateBody,
    answer: IssuedNodeKey,
  }),
} as const;
