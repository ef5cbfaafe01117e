import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { PRIVILEGE_LEVELS, TASK_AREAS } from '../roles.js';
import { emailRule, optionalPasswordRule, requiredText } from '../validation/rules.js';
import { NoBody, defineCall } from './define.js';

const PrivilegeLevel = z.enum(PRIVILEGE_LEVELS);

export const UserInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  email: z.string(),
  privilegeId: z.number().int(),
  reserved: z.boolean(),
  tasksPrivilege: z.object(Object.fromEntries(TASK_AREAS.map((area) => [area, PrivilegeLevel])) as Record<
    (typeof TASK_AREAS)[number],
    typeof PrivilegeLevel
  >),
  roles: z.array(z.string()),
  custId: z.number().int(),
  custName: z.string(),
  /** Present while an administrator views this customer: a reference to the admin session, not a secret. */
  adminToken: z.string().optional(),
  /** The administrator's display name while viewing. */
  adminName: z.string().optional(),
  idleSeconds: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfo>;

/**
 * Profile and password in one form (§5): an old password asks for a new one, the confirmation must
 * equal the new one, and a new one needs the old one.
 */
export const ProfileUpdateBody = z
  .strictObject({
    name: requiredText({ max: LIMITS.groupNameMax }),
    email: emailRule,
    oldPassword: z.string().max(128).default(''),
    newPassword: optionalPasswordRule.default(''),
    confirmPassword: z.string().max(128).default(''),
  })
  .check((ctx) => {
    const { oldPassword, newPassword, confirmPassword } = ctx.value;
    const push = (field: string, code: number) =>
      ctx.issues.push({ code: 'custom', message: String(code), path: [field], input: ctx.value });
    if (oldPassword !== '' && newPassword === '') push('newPassword', 10010002);
    if (newPassword !== '' && oldPassword === '') push('oldPassword', 10010002);
    if (confirmPassword !== newPassword) push('confirmPassword', 10010007);
  });
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

export const profileCalls = {
  profile: defineCall({
    method: 'POST',
    path: '/profile',
    summary: 'The signed-in user, their privileges and the customer in view.',
    body: NoBody,
    answer: UserInfo,
    access: 'session',
    mutation: false,
  }),
  profileUpdate: defineCall({
    method: 'POST',
    path: '/profile/update',
    summary: 'Change name and email, and the password when the old one is given.',
    body: ProfileUpdateBody,
    answer: UserInfo,
    access: 'session',
    mutation: true,
  }),
} as const;
