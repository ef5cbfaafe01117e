import { z } from 'zod';
import { MONITOR_TYPES, SERVICE_STATUS, type MonitorType } from '../codes.js';
import { TIME_FILTER_HOURS } from '../constants.js';
import { Timestamp } from './common.js';
import { defineCall } from './define.js';

/**
 * The on-call glance of /overview in one read: for each monitor type with results (1-5), how many
 * of the customer's enabled tasks are normal, warning, error or without data by the §3 bands over
 * the last `hours`, and the enabled tasks now in error or warning, worst first. Disabled tasks are
 * counted apart and never listed: nobody is on call for a task that is switched off.
 */

/** The monitor types whose tasks have results (traceroute and SSL have their own calls). */
export const OVERVIEW_MONITOR_TYPES: readonly MonitorType[] = [
  MONITOR_TYPES.ICMP,
  MONITOR_TYPES.TCP,
  MONITOR_TYPES.HTTP,
  MONITOR_TYPES.HTTPS,
  MONITOR_TYPES.DNS,
];

export const OVERVIEW_ATTENTION_MAX = 100;

export const DomainOverviewBody = z
  .strictObject({
    /** The range the bands cover: the last 1, 2, 3, 6, 12 or 168 hours. */
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
  /** Enabled tasks by band over the range. */
  normal: z.number().int(),
  warning: z.number().int(),
  error: z.number().int(),
  none: z.number().int(),
  disabled: z.number().int(),
});
export type OverviewTypeCounts = z.infer<typeof OverviewTypeCounts>;

/** An enabled task in the warning or error band. */
export const AttentionTask = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  domain: z.string(),
  port: z.number().int().nullable(),
  otherPath: z.string(),
  availabilityPercent: z.number(),
  /** Average response time of the successful checks; null when every check failed. */
  avgResponseMs: z.number().nullable(),
  serviceStatus: z.literal([SERVICE_STATUS.WARNING, SERVICE_STATUS.ERROR]),
});
export type AttentionTask = z.infer<typeof AttentionTask>;

export const DomainOverviewAnswer = z.object({
  /** The range the figures cover. */
  from: Timestamp,
  to: Timestamp,
  /** One entry per type of OVERVIEW_MONITOR_TYPES, in that order. */
  types: z.array(OverviewTypeCounts),
  /** Worst first (see compareAttention), at most `limit`. */
  attention: z.array(AttentionTask),
  /** How many enabled tasks are in warning or error in all. */
  attentionTotal: z.number().int(),
});
export type DomainOverviewAnswer = z.infer<typeof DomainOverviewAnswer>;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Worst first: the lowest availability leads (so every error comes before every warning), then
 * the slower task, then by name and id so the order never flickers between refreshes.
 */
export function compareAttention(a: AttentionTask, b: AttentionTask): number {
  return (
    a.availabilityPercent - b.availabilityPercent ||
    (b.avgResponseMs ?? Number.POSITIVE_INFINITY) - (a.avgResponseMs ?? Number.POSITIVE_INFINITY) ||
    byName.compare(a.name, b.name) ||
    a.id - b.id
  );
}

/** The tasks in trouble, worst first; a new array. */
export function worstFirst(tasks: readonly AttentionTask[]): AttentionTask[] {
  return [...tasks].sort(compareAttention);
}

export const domainOverviewCalls = {
  domainOverview: defineCall({
    method: 'POST',
    path: '/domain/overview',
    summary:
      "The overview's glance: per monitor type 1-5 the enabled tasks normal, warning, error and without data over the last `hours` (default 1) " +
      'and the disabled ones, and the enabled tasks in warning or error, worst first (lowest availability), at most `limit` (default 20).',
    body: DomainOverviewBody,
    answer: DomainOverviewAnswer,
    access: 'session',
    mutation: false,
    area: 'overview',
  }),
} as const;
