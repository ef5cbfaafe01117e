import { z } from 'zod';
import { DEPLOY_STATUS, ENABLE_STATUS, SSL_STATUS } from '../codes.js';
import { FREQUENCIES_MINUTES, LIMITS } from '../constants.js';
import { CertificateSummary, Failure } from '../probe/results.js';
import { atLeastOne, domainOrIpRule, enableStatusRule, frequencyRule, nameRule, optionalText, portRule, tagNameRule } from '../validation/rules.js';
import { Paging, Timestamp } from './common.js';
import { defineCall } from './define.js';
import { DomainDeleteAnswer, DomainDeleteBody } from './domain.js';
import { DomainInfo } from './domain-list.js';
import { NodeCatalogueEntry } from './nodes.js';
import { SSL_FILTER_VALUES } from './ssl-filter.js';
import { SSL_SORT_FIELDS } from './task-list-constants.js';

export * from './ssl-filter.js';
export { CERTCHECK_WAIT_MS, SSL_SORT_FIELDS } from './task-list-constants.js';

/**
 * Traceroute (type 6) and SSL certificate (type 7) tasks (§7 "Domain"). Their tasks are monitor
 * tasks like types 1-5: same points (nodes × 60 / frequency, charged in the task change's
 * transaction, 2111), same duplicates rule (2125: same domain any case; SSL also the same port),
 * same deploy rule (2131), and /domain/list, /domain/info, /domain/delete serve them too. Another
 * customer's task id answers 2127 like an id that does not exist; so does a task of another type.
 */

export const SSL_DEFAULT_PORT = 443;

const taskId = z.number().int().positive();
const nodeIds = atLeastOne(z.number().int().positive()).max(1_000);
const labelFields = {
  serialNumber: optionalText({ min: 0, max: LIMITS.nameMax }).optional(),
  region: optionalText({ min: 0, max: LIMITS.nameMax }).optional(),
  status: enableStatusRule.optional(),
  domainGroup: optionalText({ min: 0, max: LIMITS.groupNameMax }).optional(),
  tags: z.array(tagNameRule).max(100).optional(),
};
const targetFields = { name: nameRule, domain: domainOrIpRule, frequencyMinutes: frequencyRule, nodeIds, ...labelFields };

/** Traceroute: the route from each node to a domain or IP. */
export const TracerouteTaskFields = z.strictObject(targetFields);
export const TracerouteCreateBody = TracerouteTaskFields;
export const TracerouteUpdateBody = TracerouteTaskFields.partial().extend({ id: taskId });
export type TracerouteCreateBody = z.input<typeof TracerouteCreateBody>;
export type TracerouteUpdateBody = z.input<typeof TracerouteUpdateBody>;

/** SSL: the certificate a domain or IP presents on a port (443 when left out; 0 also means 443). */
export const SslTaskFields = z.strictObject({ ...targetFields, port: portRule.optional() });
export const SslCreateBody = SslTaskFields;
export const SslUpdateBody = SslTaskFields.partial().extend({ id: taskId });
export type SslCreateBody = z.input<typeof SslCreateBody>;
export type SslUpdateBody = z.input<typeof SslUpdateBody>;

/** POST /domain/traceresource: what the traceroute form offers; optionally the nodes of one map. */
export const TraceResourceBody = z.strictObject({ mapType: z.literal([1, 2, 3]).optional() }).prefault({});
export type TraceResourceBody = z.input<typeof TraceResourceBody>;

export const TraceResourceNode = NodeCatalogueEntry.extend({
  /** Whether the node's agent has traceroute; null until an agent registered for the node. */
  traceroute: z.boolean().nullable(),
  /** Likewise mtr: the on-demand MTR's picker reads the nodes here too. */
  mtr: z.boolean().nullable(),
});
export const TraceResourceAnswer = z.object({
  /** Every node (of the map asked), by id; the form offers those whose `traceroute` is true. */
  nodes: z.array(TraceResourceNode),
  frequencies: z.array(z.literal(FREQUENCIES_MINUTES)),
  defaultFrequencyMinutes: z.literal(FREQUENCIES_MINUTES),
  /** What each run does: up to this many hops, this many probes per hop. */
  maxHops: z.number().int(),
  probesPerHop: z.number().int(),
});
export type TraceResourceAnswer = z.infer<typeof TraceResourceAnswer>;

/** POST /domain/search/tracerouteid: the customer's traceroute tasks whose name or domain contains the keyword. */
export const TracerouteIdBody = z.strictObject({
  keyword: z.string().max(LIMITS.nameMax).default(''),
  limit: z.number().int().min(1).max(50).default(20),
});
export type TracerouteIdBody = z.input<typeof TracerouteIdBody>;

export const TracerouteIdItem = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  status: z.literal([ENABLE_STATUS.ENABLED, ENABLE_STATUS.DISABLED]),
  nodeCount: z.number().int(),
  /** Newest run of any node; null before the first. */
  lastRunAt: Timestamp.nullable(),
});
export const TracerouteIdAnswer = z.object({ list: z.array(TracerouteIdItem) });
export type TracerouteIdAnswer = z.infer<typeof TracerouteIdAnswer>;

/** POST /domain/search/tracerouteNode: the nodes of one traceroute task and their newest run. */
export const TracerouteNodeBody = z.strictObject({ id: taskId });
export type TracerouteNodeBody = z.input<typeof TracerouteNodeBody>;

export const TracerouteNodeItem = NodeCatalogueEntry.extend({
  /** Whether the node is (still) one of the task's nodes; a former node with runs is listed too. */
  selected: z.boolean(),
  /** The newest run: its snapshot id (/domain/traceroute/snapshot), time, outcome and hops. */
  lastResultId: z.number().int().nullable(),
  lastRunAt: Timestamp.nullable(),
  ok: z.boolean().nullable(),
  reached: z.boolean().nullable(),
  hopCount: z.number().int().nullable(),
});
export const TracerouteNodeAnswer = z.object({ list: z.array(TracerouteNodeItem) });
export type TracerouteNodeAnswer = z.infer<typeof TracerouteNodeAnswer>;

const sslStatus = z.literal(Object.values(SSL_STATUS));

/** POST /domain/ssl/search: the SSL task list. */
export const SslSearchBody = Paging.extend({
  /** Part of the name or domain, any case. */
  keyword: z.string().max(LIMITS.nameMax).optional(),
  /** SSL_FILTER: 1 not expired, 2 expiring within a week, 3 expired, 4 check failed, 5 not checked yet, 6 expired or check failed. */
  sslStatus: z.literal(SSL_FILTER_VALUES).optional(),
  status: z.literal([ENABLE_STATUS.ENABLED, ENABLE_STATUS.DISABLED]).optional(),
  group: z.string().max(LIMITS.groupNameMax).optional(),
  tag: z.string().max(LIMITS.tagNameMax).optional(),
  /** expiry: soonest first in asc (never checked last either way). */
  sortBy: z.enum(SSL_SORT_FIELDS).default('expiry'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type SslSearchBody = z.input<typeof SslSearchBody>;
export type SslSearchQuery = z.output<typeof SslSearchBody>;

export const SslTaskRow = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string(),
  port: z.number().int(),
  status: z.literal([ENABLE_STATUS.ENABLED, ENABLE_STATUS.DISABLED]),
  frequencyMinutes: z.number().int(),
  nodeCount: z.number().int(),
  deployStatus: z.enum(DEPLOY_STATUS),
  errorNodeCount: z.number().int(),
  domainGroup: z.string(),
  tags: z.array(z.string()),
  /** The certificate expiring soonest among the nodes' newest checks; all null before any. */
  validTo: Timestamp.nullable(),
  /** Whole days left counted now (negative once expired). */
  daysLeft: z.number().int().nullable(),
  sslStatus: sslStatus.nullable(),
  issuer: z.string().nullable(),
  subject: z.string().nullable(),
  /** Whether that certificate's chain verified for the name on the node that saw it. */
  authorized: z.boolean().nullable(),
  /** The newest check of any node (also a failed one). */
  lastCheckAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type SslTaskRow = z.infer<typeof SslTaskRow>;
export const SslSearchAnswer = z.object({ list: z.array(SslTaskRow), total: z.number().int() });
export type SslSearchAnswer = z.infer<typeof SslSearchAnswer>;

/**
 * POST /domain/ssl/certcheck: an on-demand check of an SSL task (`id`) or of any `domain` and
 * `port` (the SSL chain checker), run by a node's agent. `nodeId` picks the node; otherwise the
 * first node with a live agent, the task's own nodes first. Neither id nor domain: 2128.
 */
export const CertCheckBody = z
  .strictObject({
    id: taskId.optional(),
    domain: domainOrIpRule.optional(),
    port: portRule.optional(),
    nodeId: z.number().int().positive().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.id !== undefined && body.domain !== undefined) ctx.addIssue({ code: 'custom', path: ['domain'], message: '10010001' });
    if (body.id !== undefined && body.port !== undefined) ctx.addIssue({ code: 'custom', path: ['port'], message: '10010001' });
  });
export type CertCheckBody = z.input<typeof CertCheckBody>;

export const CertCheckAnswer = z.object({
  domain: z.string(),
  port: z.number().int(),
  nodeId: z.number().int(),
  checkedAt: Timestamp,
  /** False when the check failed (unreachable, no TLS, expired): `failure` says where and why. */
  ok: z.boolean(),
  failure: Failure.nullable(),
  ip: z.string().nullable(),
  validFrom: Timestamp.nullable(),
  validTo: Timestamp.nullable(),
  daysLeft: z.number().int().nullable(),
  sslStatus: sslStatus.nullable(),
  issuer: z.string().nullable(),
  subject: z.string().nullable(),
  authorized: z.boolean().nullable(),
  authorizationError: z.string().nullable(),
  /** Leaf first, then its issuers as the server sent them. */
  chain: z.array(CertificateSummary),
});
export type CertCheckAnswer = z.infer<typeof CertCheckAnswer>;

const call = <B extends z.ZodType, A extends z.ZodType>(path: string, summary: string, body: B, answer: A, mutation: boolean) =>
  defineCall({ method: 'POST', path, summary, body, answer, access: 'session', mutation, area: 'monitor' });

const WRITE_ERRORS = '1001 field errors, 2125 same target exists, 2111 points insufficient';
const UPDATE = (kind: string) =>
  `Replaces the named fields of ${kind} task (id required) and redeploys it, moving the points difference. 2127 unknown, 2131 deploying, ${WRITE_ERRORS}.`;

export const domainTraceSslCalls = {
  domainTracerouteCreate: call(
    '/domain/traceroute/create',
    `Creates a traceroute task and deploys it to its nodes, charging its points. ${WRITE_ERRORS}.`,
    TracerouteCreateBody,
    DomainInfo,
    true,
  ),
  domainTracerouteUpdate: call('/domain/traceroute/update', UPDATE('a traceroute'), TracerouteUpdateBody, DomainInfo, true),
  domainTraceResource: call(
    '/domain/traceresource',
    'What the traceroute form offers: every node with whether its agent has traceroute (and mtr, for the MTR picker), the frequencies and the run settings.',
    TraceResourceBody,
    TraceResourceAnswer,
    false,
  ),
  domainSearchTracerouteId: call(
    '/domain/search/tracerouteid',
    'Traceroute tasks whose name or domain contains the keyword, by name, with their newest run time; for pickers.',
    TracerouteIdBody,
    TracerouteIdAnswer,
    false,
  ),
  domainSearchTracerouteNode: call(
    '/domain/search/tracerouteNode',
    "One traceroute task's nodes with their newest run (snapshot id, time, reached, hop count). 2127 unknown task.",
    TracerouteNodeBody,
    TracerouteNodeAnswer,
    false,
  ),
  domainSslSearch: call(
    '/domain/ssl/search',
    'The SSL task list: certificate expiry, days left, last check, SSL status, issuer and subject; filters keyword, SSL status, ' +
      'status, group and tag; sorted by expiry (never checked last), name or createdAt; pages of 10, 30, 50 or 100. ' +
      '`sslStatus` filters by the certificate: 1 not expired, 2 expiring within a week, 3 expired, 4 check failed (checked, but no ' +
      "node's newest check read a certificate; `sslStatus` null, `lastCheckAt` set), 5 not checked yet, 6 expired or check failed.",
    SslSearchBody,
    SslSearchAnswer,
    false,
  ),
  domainSslCreate: call(
    '/domain/ssl/create',
    `Creates an SSL certificate task (port 443 unless given) and deploys it to its nodes, charging its points. ${WRITE_ERRORS}.`,
    SslCreateBody,
    DomainInfo,
    true,
  ),
  domainSslUpdate: call('/domain/ssl/update', UPDATE('an SSL'), SslUpdateBody, DomainInfo, true),
  domainSslDelete: call(
    '/domain/ssl/delete',
    'Deletes up to 100 SSL tasks, all or none (2127 if any id is unknown or not an SSL task, 2131 if any is deploying), giving their points back.',
    DomainDeleteBody,
    DomainDeleteAnswer,
    true,
  ),
  domainSslCertcheck: call(
    '/domain/ssl/certcheck',
    "Checks a certificate now through a node's agent: expiry, days left, chain, issuer, subject and SSL status. 2128 neither id nor " +
      'domain, 2127 unknown task, 2304 unknown node, 2553 no node with a live agent, 2554 the agent did not take the check, 2555 busy, ' +
      '504 no answer in time.',
    CertCheckBody,
    CertCheckAnswer,
    false,
  ),
} as const;
