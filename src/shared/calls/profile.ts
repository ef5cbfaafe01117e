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

export const PASSWORD_FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
type PasswordFields = Record<(typeof PASSWORD_FIELDS)[number], string>;

/** The cross-field rules run even when another field (say the name) is wrong, so one submit shows all. */
const passwordFieldsAreText = (payload: z.core.ParsePayload): boolean => {
  const value = payload.value as Partial<Record<string, unknown>> | null;
  return typeof value === 'object' && value !== null && PASSWORD_FIELDS.every((field) => typeof value[field] === 'string');
};

type PasswordRefinement = [(value: PasswordFields) => boolean, { path: string[]; message: string; when: typeof passwordFieldsAreText }];

function passwordRule(field: keyof PasswordFields, code: number, holds: (value: PasswordFields) => boolean): PasswordRefinement {
  return [holds, { path: [field], message: String(code), when: passwordFieldsAreText }];
}

const newPasswordNeeded = passwordRule('newPassword', 10010002, (v) => v.oldPassword === '' || v.newPassword !== '');
const oldPasswordNeeded = passwordRule('oldPassword', 10010002, (v) => v.newPassword === '' || v.oldPassword !== '');
const confirmationMatches = passwordRule('confirmPassword', 10010007, (v) => v.confirmPassword === v.newPassword);

/**
 * Profile and password in one form (§5): an old password asks for a new one, the confirmation must
 * equal the new one, and a new one needs the old one.
 */
export const ProfileUpdateBody = z
  .strictObject({
    name: requiredText({ max: LIMITS.nameMax }),
    email: emailRule,
    oldPassword: z.string().max(128).default(''),
    newPassword: optionalPasswordRule.default(''),
    confirmPassword: z.string().max(128).default(''),
  })
  .refine(...newPasswordNeeded)
  .refine(...oldPasswordNeeded)
  .refine(...confirmationMatches);
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
