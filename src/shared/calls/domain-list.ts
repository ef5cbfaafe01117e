import { z } from 'zod';
import { DEPLOY_STATUS, ENABLE_STATUS, MONITOR_TYPE_CODES, SERVICE_STATUS, type MonitorType } from '../codes.js';
import { LIMITS, TIME_FILTER_HOURS } from '../constants.js';
import { epochMsRule } from '../validation/rules.js';
import { CoveredRange, Paging, Timestamp } from './common.js';
import { LIST_SORT_FIELDS, SORT_ORDERS } from './task-list-constants.js';

/**
 * Reading monitor tasks: the task list of one type (§2 /monitor/{type}), the small search for
 * pickers and one task's fields. Another customer's task never appears and its id answers 2127.
 */

export const MonitorTypeCode = z
  .number()
  .refine((value) => (MONITOR_TYPE_CODES as number[]).includes(value), { message: '10010003' })
  .transform((value) => value as MonitorType);
const enableStatus = z.literal([ENABLE_STATUS.ENABLED, ENABLE_STATUS.DISABLED]);
const serviceStatus = z.literal(Object.values(SERVICE_STATUS));

export { LIST_SORT_FIELDS, SORT_ORDERS, type ListSortField } from './task-list-constants.js';

/**
 * POST /domain/list. `type` is required; the filters narrow; sorting puts tasks without data last
 * whichever the order. The figures cover a time range: the last `hours` (1, 2, 3, 6, 12 or 168;
 * 1 when neither is given) up to now, or `from`-`to` in epoch ms (both; `to` after `from`, else
 * 2121) for the console's "last n months/weeks/days/hours" ranges. `hours` and `from`/`to`
 * exclude each other.
 */
export const DomainListBody = Paging.extend({
  type: MonitorTypeCode,
  /** Domain group name, exactly. */
  group: z.string().max(LIMITS.groupNameMax).optional(),
  /** A tag the task carries, exactly. */
  tag: z.string().max(LIMITS.tagNameMax).optional(),
  status: enableStatus.optional(),
  /** §3 band of the availability over the range: 0 no data, 1 normal, 2 warning, 3 error. */
  serviceStatus: serviceStatus.optional(),
  /** Part of the name or domain, any case. */
  keyword: z.string().max(LIMITS.nameMax).optional(),
  sortBy: z.enum(LIST_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(SORT_ORDERS).default('desc'),
  hours: z.literal(TIME_FILTER_HOURS).optional(),
  from: epochMsRule.optional(),
  to: epochMsRule.optional(),
}).superRefine((body, ctx) => {
  const ranged = body.from !== undefined || body.to !== undefined;
  if (ranged && body.hours !== undefined) ctx.addIssue({ code: 'custom', path: ['hours'], message: '10010001' });
  if (body.from === undefined && body.to !== undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: '10010002' });
  if (body.to === undefined && body.from !== undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: '10010002' });
});
export type DomainListBody = z.input<typeof DomainListBody>;
/** The list body with its defaults filled in, as the server's list reads it. */
export type DomainListQuery = z.output<typeof DomainListBody>;

/** One task of the list with its figures over the range. */
export const DomainListRow = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  domain: z.string(),
  port: z.number().int().nullable(),
  otherPath: z.string(),
  frequencyMinutes: z.number().int(),
  status: enableStatus,
  deployStatus: z.enum(DEPLOY_STATUS),
  /** Nodes whose deployment of the current version failed (rebuild re-sends to them). */
  errorNodeCount: z.number().int(),
  nodeCount: z.number().int(),
  domainGroup: z.string(),
  tags: z.array(z.string()),
  /** Successful checks over all checks in the range, in percent; null without results. */
  availabilityPercent: z.number().nullable(),
  /** Average response time of the successful checks in the range, in ms; null without any. */
  avgResponseMs: z.number().nullable(),
  serviceStatus,
  /** When the newest result of any node was checked; null when none ever was. */
  lastCheckAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type DomainListRow = z.infer<typeof DomainListRow>;

export const DomainListAnswer = z.object({
  list: z.array(DomainListRow),
  total: z.number().int(),
  /** The range the figures cover. */
  from: Timestamp,
  to: Timestamp,
  covered: CoveredRange.optional(),
});
export type DomainListAnswer = z.infer<typeof DomainListAnswer>;

/** POST /domain/search: tasks whose name or domain contains the keyword (any case), by name. */
export const DomainSearchBody = z.strictObject({
  keyword: z.string().max(LIMITS.nameMax).default(''),
  type: MonitorTypeCode.optional(),
  limit: z.number().int().min(1).max(50).default(20),
});
export type DomainSearchBody = z.input<typeof DomainSearchBody>;

export const DomainSearchItem = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  domain: z.string(),
  port: z.number().int().nullable(),
  status: enableStatus,
});
export const DomainSearchAnswer = z.object({ list: z.array(DomainSearchItem) });
export type DomainSearchAnswer = z.infer<typeof DomainSearchAnswer>;

export const DomainIdBody = z.strictObject({ id: z.number().int().positive() });
export type DomainIdBody = z.infer<typeof DomainIdBody>;

/** POST /domain/info: every field of a task, its deploy status and what it costs. */
export const DomainInfo = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  domain: z.string(),
  serialNumber: z.string(),
  region: z.string(),
  frequencyMinutes: z.number().int(),
  status: enableStatus,
  protocol: z.string(),
  port: z.number().int().nullable(),
  otherPath: z.string(),
  matchingIps: z.array(z.string()),
  matchedIpGroupId: z.number().int().nullable(),
  dnsServers: z.array(z.string()),
  nodeIds: z.array(z.number().int()),
  domainGroup: z.string(),
  tags: z.array(z.string()),
  /** Goes up by one with every change; agents acknowledge versions. */
  version: z.number().int(),
  deployStatus: z.enum(DEPLOY_STATUS),
  errorNodeCount: z.number().int(),
  /** Contract points the task costs (src/shared/points.ts). */
  pointsCost: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type DomainInfo = z.infer<typeof DomainInfo>;
