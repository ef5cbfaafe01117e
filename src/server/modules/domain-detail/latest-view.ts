import { z } from 'zod';
import type { LatestCheck } from '../../../shared/calls/domain-detail-answers.js';
import { MONITOR_TYPES, sslStatusOf, type IspCode, type SslStatus } from '../../../shared/codes.js';
import {
  CertificateSummary,
  DnsDetails,
  Failure,
  HttpDetails,
  IcmpDetails,
  SslDetails,
  TcpDetails,
  TracerouteDetails,
} from '../../../shared/probe/results.js';
import { isoTime, parseJsonColumn } from '../../db/columns.js';
import type { NodePlaceRow } from './places-repo.js';

/**
 * A node's newest check as the detail screen shows it. Stored results are read part by part, each
 * through its own schema, so a result kept under an older contract still shows what it can; when
 * retention has removed the stored result, the latest state's own columns remain.
 */

const DAY_MS = 86_400_000;

export interface LatestRow {
  node_id: number;
  ts: number;
  ok: number;
  latency_ms: number | null;
  status_code: number | null;
  failure_source: string | null;
  failure_code: string | null;
  ip_matched: number | null;
  details: string | null;
}

const StoredResult = z.object({
  failure: Failure.nullable().catch(null),
  resolvedIps: z.array(z.string()).catch([]),
  details: z.unknown(),
});
type StoredResult = z.infer<typeof StoredResult>;

function partOf<T extends z.ZodType>(schema: T, value: unknown): z.output<T> | null {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** '000' (not reachable) is stored as 0. */
export const httpStatusOf = (code: number | null): number | '000' | null => (code === 0 ? '000' : code);

/** Days left counted now, the way agents count them (whole days, rounded down). */
function certificateOf(certificate: CertificateSummary | null | undefined, now: number): LatestCheck['certificate'] {
  if (!certificate) return null;
  const validTo = Date.parse(certificate.validTo);
  const daysLeft = Number.isNaN(validTo) ? certificate.daysLeft : Math.floor((validTo - now) / DAY_MS);
  const { subject, issuer, validFrom } = certificate;
  return { subject, issuer, validFrom, validTo: certificate.validTo, daysLeft, sslStatus: sslStatusOf(daysLeft) as SslStatus };
}

type TypeParts = Pick<LatestCheck, 'ip' | 'timings' | 'dns' | 'icmp' | 'tcp' | 'certificate' | 'tls' | 'trace'> & { statusCode?: number | '000' };

const NO_PARTS: TypeParts = { ip: null, timings: null, dns: null, icmp: null, tcp: null, certificate: null, tls: null, trace: null };

function tlsOf(authorized: boolean | null, error: string | null): LatestCheck['tls'] {
  return authorized === null ? null : { authorized, error };
}

function httpParts(details: unknown, now: number): TypeParts {
  const http = partOf(HttpDetails, details);
  if (!http) return NO_PARTS;
  return {
    ...NO_PARTS,
    ip: http.ip,
    timings: http.timings,
    statusCode: http.statusCode,
    certificate: certificateOf(http.certificate, now),
    tls: tlsOf(http.tlsAuthorized, http.tlsAuthorizationError),
  };
}

function dnsParts(details: unknown): TypeParts {
  const dns = partOf(DnsDetails, details);
  return dns ? { ...NO_PARTS, dns: { server: dns.server, recordType: dns.recordType, rcode: dns.rcode, answers: dns.answers } } : NO_PARTS;
}

function icmpParts(details: unknown): TypeParts {
  const icmp = partOf(IcmpDetails, details);
  if (!icmp) return NO_PARTS;
  const { ip, ...figures } = icmp;
  return { ...NO_PARTS, ip, icmp: figures };
}

function tcpParts(details: unknown): TypeParts {
  const tcp = partOf(TcpDetails, details);
  return tcp ? { ...NO_PARTS, ip: tcp.ip, tcp: { port: tcp.port, connectMs: tcp.connectMs } } : NO_PARTS;
}

function traceParts(details: unknown): TypeParts {
  const trace = partOf(TracerouteDetails, details);
  return trace ? { ...NO_PARTS, ip: trace.ip, trace: { reached: trace.reached, hopCount: trace.hops.length } } : NO_PARTS;
}

function sslParts(details: unknown, now: number): TypeParts {
  const ssl = partOf(SslDetails, details);
  if (!ssl) return NO_PARTS;
  return { ...NO_PARTS, ip: ssl.ip, certificate: certificateOf(ssl.certificate, now), tls: tlsOf(ssl.authorized, ssl.authorizationError) };
}

function typeParts(type: number, details: unknown, now: number): TypeParts {
  switch (type) {
    case MONITOR_TYPES.HTTP:
    case MONITOR_TYPES.HTTPS:
      return httpParts(details, now);
    case MONITOR_TYPES.DNS:
      return dnsParts(details);
    case MONITOR_TYPES.ICMP:
      return icmpParts(details);
    case MONITOR_TYPES.TCP:
      return tcpParts(details);
    case MONITOR_TYPES.TRACEROUTE:
      return traceParts(details);
    default:
      return sslParts(details, now);
  }
}

function failureOf(row: LatestRow, stored: StoredResult | null): LatestCheck['failure'] {
  if (stored) return stored.failure;
  return partOf(Failure, row.failure_code === null ? null : { source: row.failure_source, code: row.failure_code });
}

const isHttp = (type: number) => type === MONITOR_TYPES.HTTP || type === MONITOR_TYPES.HTTPS;

export function latestCheckOf(type: number, row: LatestRow, place: NodePlaceRow | undefined, now: number): LatestCheck {
  const stored = parseJsonColumn(StoredResult, row.details);
  const { statusCode, ...parts } = typeParts(type, stored?.details, now);
  return {
    nodeId: row.node_id,
    nodeName: place?.name ?? '',
    city: place?.city ?? '',
    isp: (place?.isp ?? 0) as IspCode,
    at: isoTime(row.ts),
    ok: row.ok === 1,
    latencyMs: row.latency_ms,
    failure: failureOf(row, stored),
    resolvedIps: stored?.resolvedIps ?? [],
    ipMatched: row.ip_matched === null ? null : row.ip_matched === 1,
    statusCode: statusCode ?? (isHttp(type) ? httpStatusOf(row.status_code) : null),
    ...parts,
  };
}
