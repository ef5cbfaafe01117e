import { z } from 'zod';
import { requiredText } from '../validation/rules.js';
import { defineCall } from './define.js';

/**
 * Server-to-server: the management platform (outside Vigil) asks for a single-use sign-in code for
 * one administrator and one customer. It proves itself with the shared secret in the
 * `X-Platform-Secret` header and vouches for the administrator with the administrator's password.
 */
export const SsoCodeBody = z.strictObject({
  adminAccount: requiredText({ max: 64 }),
  adminPassword: requiredText({ max: 128 }),
  custId: z.number().int().positive(),
});
export type SsoCodeBody = z.infer<typeof SsoCodeBody>;

export const SsoCodeAnswer = z.object({ code: z.string(), expiresAt: z.string(), url: z.string() });
export type SsoCodeAnswer = z.infer<typeof SsoCodeAnswer>;

export const PLATFORM_SECRET_HEADER = 'x-platform-secret';

export const platformCalls = {
  ssoCode: defineCall({
    method: 'POST',
    path: '/platform/sso/code',
    summary: 'Management platform only: a single-use, short-lived SSO code for (administrator, customer).',
    body: SsoCodeBody,
    answer: SsoCodeAnswer,
    access: 'platform',
    mutation: false,
  }),
} as const;
