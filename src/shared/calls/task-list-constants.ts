// The task lists' constants, apart from the call schemas (no zod): the console's lists open
// without running any schema.
import { MONITOR_TYPES } from '../codes.js';

export const LIST_SORT_FIELDS = ['name', 'createdAt', 'availability', 'responseTime'] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export const SSL_SORT_FIELDS = ['expiry', 'name', 'createdAt'] as const;

/** How long /domain/ssl/certcheck waits for the agent's answer before 504 (2554 when no agent took it). */
export const CERTCHECK_WAIT_MS = 30_000;

/** The monitor types the /domain/{type}/create and /update calls serve, by their path segment. */
export const TASK_TYPE_SLUGS = {
  icmp: MONITOR_TYPES.ICMP,
  tcp: MONITOR_TYPES.TCP,
  http: MONITOR_TYPES.HTTP,
  https: MONITOR_TYPES.HTTPS,
  dns: MONITOR_TYPES.DNS,
} as const;
export type TaskTypeSlug = keyof typeof TASK_TYPE_SLUGS;
