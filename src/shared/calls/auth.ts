import { z } from 'zod';
import { requiredText } from '../validation/rules.js';
import { NoAnswer, NoBody, defineCall } from './define.js';

/** Login fields are only checked for presence: a badly formed account is just a wrong account (2004). */
export const LoginBody = z.strictObject({
  account: requiredText({ max: 64 }),
  password: requiredText({ max: 128 }),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const TokenAnswer = z.object({ token: z.string() });
export type TokenAnswer = z.infer<typeof TokenAnswer>;

export const SsoLoginBody = z.strictObject({ authCode: requiredText({ max: 128 }) });
export type SsoLoginBody = z.infer<typeof SsoLoginBody>;

export const WakeningAnswer = z.object({ idleSeconds: z.number().int(), expiresAt: z.string() });
export type WakeningAnswer = z.infer<typeof WakeningAnswer>;

export const SsoReturnAnswer = z.object({ url: z.string() });
export type SsoReturnAnswer = z.infer<typeof SsoReturnAnswer>;

export const authCalls = {
  login: defineCall({
    method: 'POST',
    path: '/auth/login',
    summary: 'Sign in with account and password; answers a bearer token.',
    body: LoginBody,
    answer: TokenAnswer,
    access: 'public',
    mutation: false,
  }),
  logout: defineCall({
    method: 'POST',
    path: '/auth/logout',
    summary: 'End the current session.',
    body: NoBody,
    answer: NoAnswer,
    access: 'session',
    mutation: false,
  }),
  wakening: defineCall({
    method: 'POST',
    path: '/auth/wakening',
    summary: 'Keep the session alive: the idle time starts again.',
    body: NoBody,
    answer: WakeningAnswer,
    access: 'session',
    mutation: false,
    silent: true,
  }),
  loginSso: defineCall({
    method: 'POST',
    path: '/auth/loginSSO',
    summary: 'Sign an administrator in with a single-use code from the management platform.',
    body: SsoLoginBody,
    answer: TokenAnswer,
    access: 'public',
    mutation: false,
  }),
  ssoReturn: defineCall({
    method: 'GET',
    path: '/auth/ssotoback',
    summary: 'The management platform URL an administrator returns to.',
    body: NoBody,
    answer: SsoReturnAnswer,
    access: 'session',
    mutation: false,
  }),
} as const;
