import { z } from 'zod';
import { MONITOR_TYPES } from '../codes.js';
import { FAILURE_CODES, FAILURE_SOURCES } from './failure-codes.js';

export * from './failure-codes.js';

/**
 * What a probe agent reports for one check. A failure of the target is a result, never a throw:
 * it says where the check failed (the target, the resolver, or the probe node itself) and why
 * (the console reads each code in words, src/client/lib/failure-text.ts).
 */
export const Failure = z.object({
  source: z.enum(FAILURE_SOURCES),
  code: z.enum(FAILURE_CODES),
  /** Short technical detail for operators (tool output line, errno); never shown as prose. */
  detail: z.string().max(500).optional(),
});
export type Failure = z.infer<typeof Failure>;

const ms = z.number().nonnegative();

export const IcmpDetails = z.object({
  ip: z.string().nullable(),
  sent: z.number().int(),
  received: z.number().int(),
  lossPercent: z.number(),
  minMs: ms.nullable(),
  avgMs: ms.nullable(),
  maxMs: ms.nullable(),
});

export const TcpDetails = z.object({ ip: z.string().nullable(), port: z.number().int(), connectMs: ms.nullable() });

export const HttpTimings = z.object({
  dnsMs: ms.nullable(),
  connectMs: ms.nullable(),
  tlsMs: ms.nullable(),
  ttfbMs: ms.nullable(),
  totalMs: ms.nullable(),
});

export const CertificateSummary = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  daysLeft: z.number().int(),
  fingerprint256: z.string(),
});
export type CertificateSummary = z.infer<typeof CertificateSummary>;

export const HttpDetails = z.object({
  ip: z.string().nullable(),
  /** '000' when the domain could not be reached (spec §8). */
  statusCode: z.union([z.number().int(), z.literal('000')]),
  timings: HttpTimings,
  bodyBytes: z.number().int(),
  redirects: z.number().int(),
  finalUrl: z.string(),
  certificate: CertificateSummary.nullable(),
  /** Whether the task host's certificate chain verifies for its name; null over plain HTTP. */
  tlsAuthorized: z.boolean().nullable(),
  tlsAuthorizationError: z.string().nullable(),
});

export const DnsAnswer = z.object({ name: z.string(), type: z.string(), ttl: z.number().int(), data: z.string() });
export const DnsDetails = z.object({
  server: z.string(),
  recordType: z.string(),
  rcode: z.string().nullable(),
  answers: z.array(DnsAnswer),
  resolutionMs: ms.nullable(),
});

export const TraceHop = z.object({
  ttl: z.number().int(),
  address: z.string().nullable(),
  rttMs: z.array(ms.nullable()),
  lossPercent: z.number(),
});
export const TracerouteDetails = z.object({ ip: z.string().nullable(), reached: z.boolean(), hops: z.array(TraceHop) });

export const SslDetails = z.object({
  ip: z.string().nullable(),
  /** Whether the chain verifies against the system's trust store for this host name. */
  authorized: z.boolean(),
  authorizationError: z.string().nullable(),
  sslStatus: z.number().int().nullable(),
  certificate: CertificateSummary.nullable(),
  chain: z.array(CertificateSummary),
  /** With the `rawChain` option: each certificate of `chain` as base64 DER, in the same (issuer) order. */
  rawChain: z.array(z.string().max(65_536)).max(20).optional(),
  /**
   * With the `rawChain` option (agents since the presented-order capture): the certificates as the
   * server sent them, base64 DER, and whether that is the order on the wire (TLS 1.2 or older) or
   * `rawChain`'s issuer order (a TLS 1.3-only server). Older agents answer neither.
   */
  presentedChain: z.array(z.string().max(65_536)).max(20).optional(),
  orderKnown: z.boolean().optional(),
});

export const MtrHop = z.object({
  ttl: z.number().int(),
  /** The address that answered at this hop. */
  host: z.string().nullable(),
  /** Its reverse-DNS name when it has one (reports before names were read have none). */
  name: z.string().max(253).nullable().optional(),
  lossPercent: z.number(),
  sent: z.number().int(),
  lastMs: ms.nullable(),
  avgMs: ms.nullable(),
  bestMs: ms.nullable(),
  worstMs: ms.nullable(),
  stdevMs: ms.nullable(),
});
export const MtrDetails = z.object({ ip: z.string().nullable(), hops: z.array(MtrHop) });

const resultOf = <T extends z.ZodType, K extends number | 'mtr'>(type: K, details: T) =>
  z.object({
    type: z.literal(type),
    ok: z.boolean(),
    /** ISO time the check started. */
    startedAt: z.string(),
    durationMs: ms,
    failure: Failure.nullable(),
    /** Addresses the target resolved to, for matching against the task's expected IPs. */
    resolvedIps: z.array(z.string()),
    /** null when the task has no matching IPs, or nothing resolved (no address records). */
    ipMatched: z.boolean().nullable(),
    details: details.nullable(),
  });

export const CheckResult = z.discriminatedUnion('type', [
  resultOf(MONITOR_TYPES.ICMP, IcmpDetails),
  resultOf(MONITOR_TYPES.TCP, TcpDetails),
  resultOf(MONITOR_TYPES.HTTP, HttpDetails),
  resultOf(MONITOR_TYPES.HTTPS, HttpDetails),
  resultOf(MONITOR_TYPES.DNS, DnsDetails),
  resultOf(MONITOR_TYPES.TRACEROUTE, TracerouteDetails),
  resultOf(MONITOR_TYPES.SSL, SslDetails),
  resultOf('mtr', MtrDetails),
]);
export type CheckResult = z.infer<typeof CheckResult>;
export type CheckResultOf<T extends CheckResult['type']> = Extract<CheckResult, { type: T }>;
