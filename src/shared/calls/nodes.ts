import { z } from 'zod';
import { CHINA_REGIONS, COUNTRIES, ISP_CODES, MAP_TYPES, NODE_STATUSES } from '../codes.js';
import { ToolCapabilities } from './agent.js';
import { Paging, Timestamp } from './common.js';
import { NoBody, defineCall } from './define.js';

const ispCode = z.literal(Object.values(ISP_CODES));
const mapType = z.literal(Object.values(MAP_TYPES));

export const NodeListBody = Paging.extend({
  mapType: mapType.optional(),
  region: z.enum(CHINA_REGIONS).optional(),
  country: z.enum(COUNTRIES).optional(),
  isp: ispCode.optional(),
  status: z.enum(NODE_STATUSES).optional(),
});
export type NodeListBody = z.input<typeof NodeListBody>;

/** One probe node as the console shows it; key hashes never leave the server. */
export const NodeSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  /** Null outside China. */
  province: z.string().nullable(),
  /** One of CHINA_REGIONS in China, null elsewhere. */
  region: z.enum(CHINA_REGIONS).nullable(),
  country: z.string(),
  isp: ispCode,
  mapType,
  dnsServer: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.enum(NODE_STATUSES),
  /** Null until an agent has registered for the node. */
  capabilities: ToolCapabilities.nullable(),
  agentVersion: z.string().nullable(),
  lastSeen: Timestamp.nullable(),
  /** Results the node's agent reported dropping because its spool was full, in all. */
  resultsDropped: z.number().int().min(0),
  /** When the agent last reported such drops; null while it never did. */
  resultsDroppedAt: Timestamp.nullable(),
});
export type NodeSummary = z.infer<typeof NodeSummary>;

export const NodeListAnswer = z.object({ list: z.array(NodeSummary), total: z.number().int() });
export type NodeListAnswer = z.infer<typeof NodeListAnswer>;

/** The compact form for choosing a task's nodes. */
export const NodeCatalogueEntry = NodeSummary.pick({
  id: true,
  name: true,
  city: true,
  province: true,
  region: true,
  country: true,
  isp: true,
  mapType: true,
  status: true,
});
export type NodeCatalogueEntry = z.infer<typeof NodeCatalogueEntry>;

export const NodeCatalogueAnswer = z.object({ list: z.array(NodeCatalogueEntry) });
export type NodeCatalogueAnswer = z.infer<typeof NodeCatalogueAnswer>;

export const nodeCalls = {
  nodesList: defineCall({
    method: 'POST',
    path: '/nodes/list',
    summary: 'The probe node list, filtered by map type, region, country, ISP and status, one page at a time.',
    body: NodeListBody,
    answer: NodeListAnswer,
    access: 'session',
    mutation: false,
    // The screen refreshes it every 30 s in the background: no progress bar for that.
    silent: true,
    area: 'nodes',
  }),
  // No task area: whoever may create a monitor task must be able to choose its nodes.
  nodesCatalogue: defineCall({
    method: 'POST',
    path: '/nodes/catalogue',
    summary: 'Every probe node in compact form with its status, for choosing the nodes of a task.',
    body: NoBody,
    answer: NodeCatalogueAnswer,
    access: 'session',
    mutation: false,
    // The customer's data without a task area: a script needs it as the console does.
    apiKey: true,
  }),
} as const;
