import { z } from 'zod';
import { companyTaxIdRule, nameRule, optionalText } from '../validation/rules.js';
import { Contract } from './account.js';
import { defineCall } from './define.js';

/**
 * The operator's verbs on customers, contracts and points, and the audit log: platform calls
 * (`X-Platform-Secret`), each also a verb of `npm run admin -- <noun> <verb>` (path
 * `/platform/<noun>/<verb>`). Who made a mutation travels in `X-Platform-Operator`.
 */

export const PLATFORM_OPERATOR_HEADER = 'x-platform-operator';

const Id = z.number().int().positive();
const PointAmount = z.number().int().positive().max(1_000_000_000);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
const DateText = z.string().refine(isCalendarDate, { message: '10010004' });

export const CustomerStatus = z.enum(['active', 'suspended']);

export const PlatformCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  taxId: z.string(),
  status: CustomerStatus,
});
export type PlatformCustomer = z.infer<typeof PlatformCustomer>;

/** A suspension's answer: the customer or user as it is now and how many open sessions it ended. */
export const EndedSessions = z.object({ endedSessions: z.number().int() });

export const CustomerListEntry = PlatformCustomer.extend({ users: z.number().int(), contract: Contract.nullable() });

export const PlatformContract = Contract.extend({ custId: z.number().int() });
export type PlatformContract = z.infer<typeof PlatformContract>;

export const CustomerCreateBody = z.strictObject({ name: nameRule, taxId: companyTaxIdRule });
export const CustomerRefBody = z.strictObject({ custId: Id });
export const ContractCreateBody = z.strictObject({
  custId: Id,
  startDate: DateText,
  endDate: DateText,
  purchasedPoints: z.number().int().min(0).max(1_000_000_000),
});
export const ContractTopupBody = z.strictObject({ contractId: Id, points: PointAmount, note: optionalText({ max: 255 }).optional() });
export const ContractListBody = z.strictObject({ custId: Id });

export const AuditListBody = z.strictObject({
  limit: z.number().int().min(1).max(500).optional(),
  /** Entries older than this id (the previous page's last). */
  before: Id.optional(),
  /** Only this call path, e.g. /platform/customer/suspend. */
  call: optionalText({ max: 100 }).optional(),
});
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string(),
  call: z.string(),
  target: z.string(),
  /** 200 when done, else the refusal's catalogue code. */
  code: z.number().int(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const platformAccountCalls = {
  platformCustomerCreate: defineCall({
    method: 'POST',
    path: '/platform/customer/create',
    summary: 'Operator: creates a customer (name, company tax id); 2101 when a customer has that tax id already.',
    body: CustomerCreateBody,
    answer: PlatformCustomer,
    access: 'platform',
    mutation: true,
  }),
  platformCustomerSuspend: defineCall({
    method: 'POST',
    path: '/platform/customer/suspend',
    summary: "Operator: suspends a customer; its users' open sessions end (their next call answers 2005). 2102 unknown customer.",
    body: CustomerRefBody,
    answer: PlatformCustomer.extend(EndedSessions.shape),
    access: 'platform',
    mutation: true,
  }),
  platformCustomerResume: defineCall({
    method: 'POST',
    path: '/platform/customer/resume',
    summary: 'Operator: lifts a suspension; users sign in again. 2102 unknown customer.',
    body: CustomerRefBody,
    answer: PlatformCustomer,
    access: 'platform',
    mutation: true,
  }),
  platformCustomerList: defineCall({
    method: 'POST',
    path: '/platform/customer/list',
    summary: 'Operator: every customer with its status, user count and contract in force.',
    body: z.strictObject({}).optional(),
    answer: z.object({ customers: z.array(CustomerListEntry) }),
    access: 'platform',
    mutation: false,
  }),
  platformContractCreate: defineCall({
    method: 'POST',
    path: '/platform/contract/create',
    summary:
      "Operator: a contract for a customer with its purchased points. 2102 unknown customer, 2121 end before start, 2109 a contract of the customer overlaps these dates.",
    body: ContractCreateBody,
    answer: PlatformContract,
    access: 'platform',
    mutation: true,
  }),
  platformContractTopup: defineCall({
    method: 'POST',
    path: '/platform/contract/topup',
    summary: "Operator: adds purchased points to a contract (a 'topup' row in the points log). 2108 unknown contract, 2110 the points could not be added.",
    body: ContractTopupBody,
    answer: PlatformContract,
    access: 'platform',
    mutation: true,
  }),
  platformContractList: defineCall({
    method: 'POST',
    path: '/platform/contract/list',
    summary: "Operator: a customer's contracts, newest first. 2102 unknown customer.",
    body: ContractListBody,
    answer: z.object({ contracts: z.array(PlatformContract) }),
    access: 'platform',
    mutation: false,
  }),
  platformAuditList: defineCall({
    method: 'POST',
    path: '/platform/audit/list',
    summary: 'Operator: the log of platform mutations (who, when, which verb, on what, outcome), newest first.',
    body: AuditListBody.optional(),
    answer: z.object({ entries: z.array(AuditEntry) }),
    access: 'platform',
    mutation: false,
  }),
} as const;
