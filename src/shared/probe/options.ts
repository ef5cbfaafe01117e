import { z } from 'zod';
import { MONITOR_TYPES } from '../codes.js';

/** What a check needs to run; the server derives it from a task, the agent runs it. */

const timeoutMs = z.number().int().min(100).max(120_000);
const host = z.string().min(1).max(253);

export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'NS', 'TXT'] as const;

export const IcmpOptions = z.object({
  type: z.literal(MONITOR_TYPES.ICMP),
  host,
  count: z.number().int().min(1).max(20).default(4),
  timeoutMs: timeoutMs.default(3_000),
});

export const TcpOptions = z.object({
  type: z.literal(MONITOR_TYPES.TCP),
  host,
  port: z.number().int().min(0).max(65_535),
  timeoutMs: timeoutMs.default(5_000),
});

const httpFields = {
  host,
  port: z.number().int().min(0).max(65_535).optional(),
  /** Path and query after the host ("other path", max 100). */
  path: z.string().max(100).default('/'),
  method: z.enum(['GET', 'HEAD']).default('GET'),
  followRedirects: z.boolean().default(true),
  maxRedirects: z.number().int().min(0).max(10).default(5),
  maxBodyBytes: z.number().int().min(0).max(10 * 1024 * 1024).default(1024 * 1024),
  timeoutMs: timeoutMs.default(10_000),
};
export const HttpOptions = z.object({ type: z.literal(MONITOR_TYPES.HTTP), ...httpFields });
export const HttpsOptions = z.object({ type: z.literal(MONITOR_TYPES.HTTPS), ...httpFields });

export const DnsOptions = z.object({
  type: z.literal(MONITOR_TYPES.DNS),
  /** The name to resolve. */
  host,
  recordType: z.enum(DNS_RECORD_TYPES).default('A'),
  /** Servers to ask, `ip` or `ip:port` (IPv6 as `[ip]:port`); tried in order until one answers. */
  servers: z.array(z.string().min(1)).min(1),
  timeoutMs: timeoutMs.default(3_000),
});

export const TracerouteOptions = z.object({
  type: z.literal(MONITOR_TYPES.TRACEROUTE),
  host,
  maxHops: z.number().int().min(1).max(64).default(30),
  probesPerHop: z.number().int().min(1).max(5).default(3),
  timeoutMs: timeoutMs.default(60_000),
});

export const SslOptions = z.object({
  type: z.literal(MONITOR_TYPES.SSL),
  host,
  port: z.number().int().min(0).max(65_535).default(443),
  timeoutMs: timeoutMs.default(10_000),
  /** SNI name other than the host (the SSL chain checker's jobs). */
  servername: z.string().max(253).optional(),
  /** Answer the chain's certificates themselves (`details.rawChain`) for the server's chain analysis. */
  rawChain: z.boolean().optional(),
});

export const MtrOptions = z.object({
  type: z.literal('mtr'),
  host,
  count: z.number().int().min(1).max(100).default(10),
  maxHops: z.number().int().min(1).max(64).default(30),
  timeoutMs: timeoutMs.default(120_000),
});

export const CheckOptions = z.discriminatedUnion('type', [
  IcmpOptions,
  TcpOptions,
  HttpOptions,
  HttpsOptions,
  DnsOptions,
  TracerouteOptions,
  SslOptions,
  MtrOptions,
]);
export type CheckOptions = z.infer<typeof CheckOptions>;
export type CheckOptionsInput = z.input<typeof CheckOptions>;
export type CheckOptionsOf<T extends CheckOptions['type']> = Extract<CheckOptions, { type: T }>;

/** What every check may be given besides its options: the task's expected addresses. */
export const MatchingIps = z.array(z.string());
