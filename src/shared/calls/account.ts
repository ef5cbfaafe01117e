import { z } from 'zod';
import { NoBody, defineCall } from './define.js';

export const Contract = z.object({
  id: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
  purchasedPoints: z.number().int(),
  usedPoints: z.number().int(),
  remainingPoints: z.number().int(),
});
export type Contract = z.infer<typeof Contract>;

export const AccountInfo = z.object({
  customer: z.object({ id: z.number().int(), name: z.string(), taxId: z.string() }),
  contract: Contract.nullable(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const accountCalls = {
  accountInfo: defineCall({
    method: 'POST',
    path: '/account/info',
    summary: 'The customer in view and its current contract points.',
    body: NoBody,
    answer: AccountInfo,
    access: 'session',
    mutation: false,
    area: 'overview',
  }),
} as const;
