import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { atLeastOne, frequencyRule } from '../validation/rules.js';
import { NoBody, defineCall, type CallDefinition } from './define.js';
import {
  DnsCreateBody,
  DnsUpdateBody,
  HttpCreateBody,
  HttpUpdateBody,
  HttpsCreateBody,
  HttpsUpdateBody,
  IcmpCreateBody,
  IcmpUpdateBody,
  TcpCreateBody,
  TcpUpdateBody,
} from './domain-fields.js';
import { DomainIdBody, DomainInfo, DomainListAnswer, DomainListBody, DomainSearchAnswer, DomainSearchBody, MonitorTypeCode } from './domain-list.js';

/**
 * Monitor tasks of types 1-5 (§7 "Domain"). Every call is scoped to the signed-in customer:
 * another customer's task id answers 2127 exactly like an id that does not exist.
 *
 * Errors: 1001 with inner codes for field errors (an unknown node id is `nodeIds` 10010003);
 * 2125 when the customer already has a live task of the type watching the same target (same
 * domain, any case; TCP: same port; HTTP/HTTPS: same port, 0 counting as the default, and same
 * request path; DNS: same record type); 2130 when a TCP task has no port; 2127 for an unknown
 * task; 2131 while a task's deployment is processing (update, delete); 2111 when the contract's
 * remaining points do not cover a new task or a dearer change. 2125 rather than 2122: a task is a
 * "monitor domain"; 2122 ("domain exists") is left to domain groups.
 *
 * Points (src/shared/points.ts): creating charges the task's cost, updating charges or gives back
 * the difference, deleting gives back what the task holds; each change that moves points writes
 * a point transaction in the same database transaction as the task.
 */

export const DomainDeleteBody = z.strictObject({
  /** Up to 100 task ids; all are deleted or none (2127 if any is unknown, 2131 if any is deploying). */
  ids: atLeastOne(z.number().int().positive()).max(LIMITS.bulkDeleteMax),
});
export type DomainDeleteBody = z.input<typeof DomainDeleteBody>;

export const DomainDeleteAnswer = z.object({
  deleted: z.number().int(),
  /** Points given back to the contract. */
  returnedPoints: z.number().int(),
});
export type DomainDeleteAnswer = z.infer<typeof DomainDeleteAnswer>;

const TypeCount = z.object({ total: z.number().int(), enabled: z.number().int(), disabled: z.number().int() });

/** GET /domain/monitor_qty: live task counts, in all and per monitor type (every type listed). */
export const MonitorQtyAnswer = TypeCount.extend({
  types: z.array(TypeCount.extend({ type: z.number().int() })),
});
export type MonitorQtyAnswer = z.infer<typeof MonitorQtyAnswer>;

/**
 * POST /domain/points/quote: what a task with these settings costs before it is saved. With `id`
 * (a task being edited) `delta` is what saving would charge (positive) or give back (negative).
 */
export const PointsQuoteBody = z.strictObject({
  type: MonitorTypeCode,
  frequencyMinutes: frequencyRule,
  nodeIds: atLeastOne(z.number().int().positive()).max(1_000),
  id: z.number().int().positive().optional(),
});
export type PointsQuoteBody = z.input<typeof PointsQuoteBody>;

export const PointsQuoteAnswer = z.object({
  cost: z.number().int(),
  delta: z.number().int(),
  /** The current contract's figures; all 0 without a contract. */
  purchasedPoints: z.number().int(),
  usedPoints: z.number().int(),
  remainingPoints: z.number().int(),
  /** Whether the remaining points cover the delta (saving would not answer 2111). */
  sufficient: z.boolean(),
});
export type PointsQuoteAnswer = z.infer<typeof PointsQuoteAnswer>;

function taskCall<B extends z.ZodType>(path: string, summary: string, body: B): CallDefinition<B, typeof DomainInfo> {
  return defineCall({ method: 'POST', path, summary, body, answer: DomainInfo, access: 'session', mutation: true, area: 'monitor' });
}

const CREATE =
  'Creates a monitor task of the type and deploys it to its nodes, charging its points (nodes × 60 / frequency); answers the task. ' +
  '1001 field errors, 2125 same target exists, 2130 TCP port missing, 2111 points insufficient.';
const UPDATE =
  'Replaces the named fields of a task of the type (id required) and redeploys it, charging or giving back the points difference; ' +
  'answers the task. 2127 unknown id, 2131 deploying, 2125, 2130, 2111 as for create.';

export const domainCalls = {
  domainSearch: defineCall({
    method: 'POST',
    path: '/domain/search',
    summary: 'Tasks whose name or domain contains the keyword, by name; a short answer for pickers.',
    body: DomainSearchBody,
    answer: DomainSearchAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  domainList: defineCall({
    method: 'POST',
    path: '/domain/list',
    summary:
      'The task list of one monitor type with availability and average response time over a range (the last `hours`: 1, 2, 3, 6, 12 ' +
      'or 168, default 1; or `from`-`to` in epoch ms, 2121 unless to > from); filters group, tag, status, serviceStatus (0 no data, ' +
      '1 ≥ 95 %, 2 ≥ 75 %, 3 below) and keyword; sorted by name, createdAt, availability or responseTime (no data last); pages of 10, 30, 50 or 100.',
    body: DomainListBody,
    answer: DomainListAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  domainInfo: defineCall({
    method: 'POST',
    path: '/domain/info',
    summary: 'Every field of one task, its deploy status and its points cost.',
    body: DomainIdBody,
    answer: DomainInfo,
    access: 'session',
    mutation: false,
    area: 'monitor',
  }),
  domainIcmpCreate: taskCall('/domain/icmp/create', CREATE, IcmpCreateBody),
  domainIcmpUpdate: taskCall('/domain/icmp/update', UPDATE, IcmpUpdateBody),
  domainTcpCreate: taskCall('/domain/tcp/create', CREATE, TcpCreateBody),
  domainTcpUpdate: taskCall('/domain/tcp/update', UPDATE, TcpUpdateBody),
  domainHttpCreate: taskCall('/domain/http/create', CREATE, HttpCreateBody),
  domainHttpUpdate: taskCall('/domain/http/update', UPDATE, HttpUpdateBody),
  domainHttpsCreate: taskCall('/domain/https/create', CREATE, HttpsCreateBody),
  domainHttpsUpdate: taskCall('/domain/https/update', UPDATE, HttpsUpdateBody),
  domainDnsCreate: taskCall('/domain/dns/create', CREATE, DnsCreateBody),
  domainDnsUpdate: taskCall('/domain/dns/update', UPDATE, DnsUpdateBody),
  domainDelete: defineCall({
    method: 'POST',
    path: '/domain/delete',
    summary: 'Deletes up to 100 tasks, all or none (2127 if any id is unknown, 2131 if any is deploying), giving their points back.',
    body: DomainDeleteBody,
    answer: DomainDeleteAnswer,
    access: 'session',
    mutation: true,
    area: 'monitor',
  }),
  // No task area: the overview and the task screens both show the counts, which reveal no task.
  domainMonitorQty: defineCall({
    method: 'GET',
    path: '/domain/monitor_qty',
    summary: 'How many tasks the customer has, enabled and disabled, in all and per monitor type.',
    body: NoBody,
    answer: MonitorQtyAnswer,
    access: 'session',
    mutation: false,
    // The customer's data without a task area: a script needs it as the console does.
    apiKey: true,
  }),
  domainPointsQuote: defineCall({
    method: 'POST',
    path: '/domain/points/quote',
    summary: 'What a task with these settings costs in contract points, and whether the contract covers it.',
    body: PointsQuoteBody,
    answer: PointsQuoteAnswer,
    access: 'session',
    mutation: false,
    area: 'monitor',
    silent: true,
  }),
} as const;

