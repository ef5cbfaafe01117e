import { z } from 'zod';
import {
  MONITOR_TYPES,
  MONITOR_TYPE_CODES,
  SERVICE_STATUS,
  SSL_STATUS,
  type MonitorType,
} from '../codes.js';
import { TIME_FILTER_HOURS } from '../constants.js';
import { CoveredRange, Timestamp } from './common.js';
import { defineCall } from './define.js';

export { compareAttention, worstFirst } from './attention-order.js';
export { sslServiceStatusOf } from './ssl-filter.js';

/**
 * The on-call glance of /overview in one read: for each of the seven monitor types, how many of
 * the customer's enabled tasks are normal, warning, error or without data by the §3 bands, and the
 * enabled tasks now in error or warning, worst first. Disabled tasks are counted apart and never
 * listed: nobody is on call for a task that is switched off.
 *
 * Types 1-6 band by the availability of their checks over the last `hours`. SSL tasks band by
 * their certificate as the SSL list shows it (the one expiring soonest among the nodes' newest
 * checks), whatever the range: an SSL task may be checked once an hour.
 */

/** The monitor types of the glance, in card order: all seven. */
export const OVERVIEW_MONITOR_TYPES: readonly MonitorType[] = MONITOR_TYPE_CODES;

/** The types banded by the availability of their checks over the range (types 1-6). */
export const AVAILABILITY_BAND_TYPES: readonly MonitorType[] = MONITOR_TYPE_CODES.filter((type) => type !== MONITOR_TYPES.SSL);

export const OVERVIEW_ATTENTION_MAX = 100;


export const DomainOverviewBody = z
  .strictObject({
    /** The range the availability bands cover: the last 1, 2, 3, 6, 12 or 168 hours. */
    hours: z.literal(TIME_FILTER_HOURS).default(1),
    /** How many tasks in trouble to list at most (the count of all of them comes apart). */
    limit: z.number().int().min(1).max(OVERVIEW_ATTENTION_MAX).default(20),
  })
  .prefault({});
export type DomainOverviewBody = z.input<typeof DomainOverviewBody>;
/** The body with its defaults filled in, as the server reads it. */
export type DomainOverviewQuery = z.output<typeof DomainOverviewBody>;

export const OverviewTypeCounts = z.object({
  type: z.number().int(),
  /** Enabled tasks by band (SSL: not expired, expiring within a week, expired or check failed, never checked). */
  normal: z.number().int(),
  warning: z.number().int(),
  error: z.number().int(),
  none: z.number().int(),
  disabled: z.number().int(),
});
export type OverviewTypeCounts = z.infer<typeof OverviewTypeCounts>;

/** What an SSL task in trouble shows instead of availability: its certificate as the SSL list shows it. */
export const AttentionCertificate = z.object({
  /** 2 expiring within a week, 3 expired; null when the newest checks read no certificate. */
  sslStatus: z.literal(Object.values(SSL_STATUS)).nullable(),
  validTo: Timestamp.nullable(),
  /** Whole days left, negative once expired; null without a certificate. */
  daysLeft: z.number().int().nullable(),
  /** Every node's newest check failed to read a certificate. */
  checkFailed: z.boolean(),
  /** The newest check of any node. */
  lastCheckAt: Timestamp,
});
export type AttentionCertificate = z.infer<typeof AttentionCertificate>;

/** An enabled task in the warning or error band. */
export const AttentionTask = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  domain: z.string(),
  port: z.number().int().nullable(),
  otherPath: z.string(),
  /** Over the range; null for SSL tasks, which band by their certificate. */
  availabilityPercent: z.number().nullable(),
  /** Average response time of the successful checks; null when every check failed, and for SSL tasks. */
  avgResponseMs: z.number().nullable(),
  serviceStatus: z.literal([SERVICE_STATUS.WARNING, SERVICE_STATUS.ERROR]),
  /** SSL tasks only (null for the others). */
  certificate: AttentionCertificate.nullable(),
});
export type AttentionTask = z.infer<typeof AttentionTask>;

export const DomainOverviewAnswer = z.object({
  /** The range the availability figures cover. */
  from: Timestamp,
  to: Timestamp,
  covered: CoveredRange.optional(),
  /** One entry per type of OVERVIEW_MONITOR_TYPES, in that order. */
  types: z.array(OverviewTypeCounts),
  /** Worst first (see compareAttention), at most `limit`. */
  attention: z.array(AttentionTask),
  /** How many enabled tasks are in warning or error in all. */
  attentionTotal: z.number().int(),
});
export type DomainOverviewAnswer = z.infer<typeof DomainOverviewAnswer>;

export const domainOverviewCalls = {
  domainOverview: defineCall({
    method: 'POST',
    path: '/domain/overview',
    summary:
      "The overview's glance: per monitor type (all seven, in type order) the enabled tasks normal, warning, error and without data, and the disabled ones; " +
      'and the enabled tasks in warning or error, worst first, at most `limit` (default 20). Types 1-6 band by availability over the last `hours` ' +
      '(default 1: ≥ 95 % normal, ≥ 75 % warning, below error, no check no data). SSL tasks band by the certificate expiring soonest among their nodes\' ' +
      'newest checks, whatever `hours`: not expired normal, expiring within a week warning, expired or no certificate read error, never checked no data. ' +
      'An attention entry carries `availabilityPercent` and `avgResponseMs` for types 1-6 and, for SSL tasks (availability null), ' +
      '`certificate`: SSL status, expiry, days left, whether the check failed, and the newest check time. ' +
      'Worst first: errors before warnings, then lowest availability (an SSL error ranking as 0 %, an expiring certificate at the top of the warning band), ' +
      'slower response, fewer days left, name.',
    body: DomainOverviewBody,
    answer: DomainOverviewAnswer,
    access: 'session',
    mutation: false,
    area: 'overview',
  }),
} as const;
