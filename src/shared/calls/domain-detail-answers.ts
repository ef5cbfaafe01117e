import { z } from 'zod';
import { ISP_CODES, MAP_TYPES, SERVICE_STATUS, SSL_STATUS } from '../codes.js';
import { DnsAnswer, Failure, HttpTimings } from '../probe/results.js';
import { CoveredRange, Timestamp } from './common.js';
import { IpFinding } from './domain-detail-finding.js';

/**
 * What the task detail screen reads ({type}/detail/{id}). Availability is successful checks over
 * all checks, in percent; response times are of successful checks, in ms; each is null without
 * data. A band is §3's service status of the availability (0 no data, 1 normal ≥ 95 %,
 * 2 warning ≥ 75 %, 3 error). Event times are ISO timestamps; trend buckets start at epoch ms.
 */

const serviceStatus = z.literal(Object.values(SERVICE_STATUS));
const ispCode = z.literal(Object.values(ISP_CODES));
const mapType = z.literal(Object.values(MAP_TYPES));
const nullableMs = z.number().nullable();

/** Figures over a range, for a task, a node or a group of nodes. */
export const RangeFigures = z.object({
  count: z.number().int(),
  successes: z.number().int(),
  availabilityPercent: z.number().nullable(),
  avgResponseMs: nullableMs,
  serviceStatus,
});
export type RangeFigures = z.infer<typeof RangeFigures>;

export const TrendGranularity = z.enum(['minute', 'hour']);

export const DetailSummaryAnswer = RangeFigures.extend({
  taskId: z.number().int(),
  type: z.number().int(),
  /** The range the figures cover. */
  from: Timestamp,
  to: Timestamp,
  covered: CoveredRange.optional(),
  minResponseMs: nullableMs,
  maxResponseMs: nullableMs,
  /** Nodes the task runs on now. */
  nodeCount: z.number().int(),
  /** Nodes with at least one result in the range. */
  nodesWithData: z.number().int(),
  /** The newest check of any node, whatever the range; null when none ever ran. */
  lastCheckAt: Timestamp.nullable(),
});
export type DetailSummaryAnswer = z.infer<typeof DetailSummaryAnswer>;

export const TrendBucket = RangeFigures.omit({ serviceStatus: true }).extend({
  /** Epoch ms the bucket starts at. */
  bucketStart: z.number().int(),
  minResponseMs: nullableMs,
  maxResponseMs: nullableMs,
});
export type TrendBucket = z.infer<typeof TrendBucket>;

export const DetailTrendAnswer = z.object({
  from: Timestamp,
  to: Timestamp,
  covered: CoveredRange.optional(),
  /** Minute buckets up to 12 h, hour buckets beyond (an edge hour starts where the range's first minute in it does). */
  per: TrendGranularity,
  bucketMs: z.number().int(),
  /** Over all nodes, oldest first; a bucket without any result is absent (a gap in the chart). */
  buckets: z.array(TrendBucket),
  /** The series of each node asked for by `nodeIds` (none unless asked), in the order asked. */
  nodes: z.array(z.object({ nodeId: z.number().int(), buckets: z.array(TrendBucket) })),
});
export type DetailTrendAnswer = z.infer<typeof DetailTrendAnswer>;

/** Where a node is, as the breakdowns and maps place it. */
export const NodePlace = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  city: z.string(),
  /** Null outside China. */
  province: z.string().nullable(),
  /** ISO 3166 alpha-2 (Taiwan is its own country). */
  country: z.string(),
  isp: ispCode,
  mapType,
  latitude: z.number(),
  longitude: z.number(),
});
export type NodePlace = z.infer<typeof NodePlace>;

export const NodeLastState = z.object({
  at: Timestamp,
  ok: z.boolean(),
  latencyMs: nullableMs,
  failureCode: z.string().nullable(),
});

export const NodeBreakdown = NodePlace.extend(RangeFigures.shape).extend({
  /** The node's newest check, whatever the range; null when it never checked the task. */
  lastState: NodeLastState.nullable(),
  /**
   * What the node's latest check in the range resolved (its latest answer: the newest check in the
   * range's last two periods of the task's frequency); empty when it has none.
   */
  resolvedIps: z.array(z.string()),
  /** That check's IP match as the agent recorded it: false is "IP not matched"; null when none. */
  ipMatched: z.boolean().nullable(),
});
export type NodeBreakdown = z.infer<typeof NodeBreakdown>;

const GroupFigures = RangeFigures.extend({ nodeCount: z.number().int() });
export const IspGroup = GroupFigures.extend({ isp: ispCode });
export const ProvinceGroup = GroupFigures.extend({ province: z.string() });
export const CountryGroup = GroupFigures.extend({ country: z.string() });
export type IspGroup = z.infer<typeof IspGroup>;
export type ProvinceGroup = z.infer<typeof ProvinceGroup>;
export type CountryGroup = z.infer<typeof CountryGroup>;

export const MapRegion = z.object({
  /** A China province name as the node catalogue writes it, or a country code. */
  key: z.string(),
  availabilityPercent: z.number().nullable(),
  serviceStatus,
  nodeCount: z.number().int(),
});

export const MapPoint = z.object({
  nodeId: z.number().int(),
  city: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  serviceStatus,
});

/**
 * One map's data: the China map's regions are provinces (of China nodes), the Southeast Asia
 * map's are the countries of its nodes, the world map's are the countries of every node.
 */
export const DetailMap = z.object({ mapType, regions: z.array(MapRegion), points: z.array(MapPoint) });
export type DetailMap = z.infer<typeof DetailMap>;

export const DetailBreakdownAnswer = z.object({
  from: Timestamp,
  to: Timestamp,
  covered: CoveredRange.optional(),
  /** Every node the task runs on, and any other node with results in the range; by node id. */
  nodes: z.array(NodeBreakdown),
  isps: z.array(IspGroup),
  /** China provinces, by name. */
  provinces: z.array(ProvinceGroup),
  countries: z.array(CountryGroup),
  /** China, Southeast Asia and world maps, always all three. */
  maps: z.array(DetailMap),
  /** Tasks with matching IPs or a matched-IP group: whose latest answers left the matched set, and where; else null. */
  ipFinding: IpFinding.nullable(),
});
export type DetailBreakdownAnswer = z.infer<typeof DetailBreakdownAnswer>;

/** HTTP(S) status code; '000' when the domain could not be reached (§8). */
const httpStatusCode = z.union([z.number().int(), z.literal('000')]).nullable();

export const FailedLog = z.object({
  resultId: z.number().int(),
  at: Timestamp,
  nodeId: z.number().int(),
  nodeName: z.string(),
  /** Where the check failed: target, resolver or probe. */
  failureSource: z.string().nullable(),
  /** Translated by the console as probe.failure.<code>. */
  failureCode: z.string().nullable(),
  /** Short technical detail (tool output line, errno); shown as is. */
  failureDetail: z.string().nullable(),
  statusCode: httpStatusCode,
});
export type FailedLog = z.infer<typeof FailedLog>;

export const FailedLogsAnswer = z.object({ list: z.array(FailedLog) });
export type FailedLogsAnswer = z.infer<typeof FailedLogsAnswer>;

export const LatestCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Whole days left, counted when read; negative once expired. */
  daysLeft: z.number().int(),
  sslStatus: z.literal(Object.values(SSL_STATUS)),
});

export const LatestCheck = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  city: z.string(),
  isp: ispCode,
  at: Timestamp,
  ok: z.boolean(),
  /** The type's headline time: ICMP average, TCP connect, HTTP total, DNS resolution, else duration. */
  latencyMs: nullableMs,
  failure: Failure.nullable(),
  /** The address checked. */
  ip: z.string().nullable(),
  resolvedIps: z.array(z.string()),
  /** false is "IP not matched"; null when the task matches no IPs or nothing resolved. */
  ipMatched: z.boolean().nullable(),
  statusCode: httpStatusCode,
  /** HTTP(S) phases. */
  timings: HttpTimings.nullable(),
  dns: z
    .object({ server: z.string(), recordType: z.string(), rcode: z.string().nullable(), answers: z.array(DnsAnswer) })
    .nullable(),
  icmp: z
    .object({ sent: z.number().int(), received: z.number().int(), lossPercent: z.number(), minMs: nullableMs, avgMs: nullableMs, maxMs: nullableMs })
    .nullable(),
  tcp: z.object({ port: z.number().int(), connectMs: nullableMs }).nullable(),
  /** HTTPS and SSL tasks. */
  certificate: LatestCertificate.nullable(),
  /**
   * HTTPS and SSL tasks: whether the certificate chain verified for the host name, and Node's
   * verification error when not (a verdict only: it does not decide `ok`); null with no TLS.
   */
  tls: z.object({ authorized: z.boolean(), error: z.string().nullable() }).nullable(),
  /** Traceroute tasks. */
  trace: z.object({ reached: z.boolean(), hopCount: z.number().int() }).nullable(),
});
export type LatestCheck = z.infer<typeof LatestCheck>;

export const DetailLatestAnswer = z.object({ nodes: z.array(LatestCheck) });
export type DetailLatestAnswer = z.infer<typeof DetailLatestAnswer>;
