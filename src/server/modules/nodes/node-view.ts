import { z } from 'zod';
import { ToolCapabilities } from '../../../shared/calls/agent.js';
import type { NodeSummary } from '../../../shared/calls/nodes.js';
import type { ServerContext } from '../../context.js';
import { isoTimeOrNull, parseJsonColumn } from '../../db/columns.js';
import type { PublicNodeRow } from './repo.js';
import { deriveNodeStatus, type SelfCheckOutcome } from './status.js';

// `degraded` came later: windows stored before it read as not degraded.
const SelfCheckWindow = z.array(z.object({ at: z.number(), ok: z.boolean(), degraded: z.boolean().optional() }));

export function parseSelfCheckWindow(json: string): SelfCheckOutcome[] {
  return parseJsonColumn(SelfCheckWindow, json) ?? [];
}

export function statusOfRow(ctx: ServerContext, row: Pick<PublicNodeRow, 'last_seen_at' | 'self_check_window'>) {
  return deriveNodeStatus({ lastSeenAt: row.last_seen_at, selfChecks: parseSelfCheckWindow(row.self_check_window) }, ctx.now());
}

// The table's checks keep these columns inside their code tables.
type Region = NodeSummary['region'];
type Isp = NodeSummary['isp'];
type MapType = NodeSummary['mapType'];

/** A stored node as the console sees it, with its status derived now. */
export function toNodeSummary(ctx: ServerContext, row: PublicNodeRow): NodeSummary {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    province: row.province,
    region: row.region as Region,
    country: row.country,
    isp: row.isp as Isp,
    mapType: row.map_type as MapType,
    dnsServer: row.dns_server,
    latitude: row.latitude,
    longitude: row.longitude,
    status: statusOfRow(ctx, row),
    capabilities: parseJsonColumn(ToolCapabilities, row.capabilities),
    agentVersion: row.agent_version,
    lastSeen: isoTimeOrNull(row.last_seen_at),
    resultsDropped: row.results_dropped,
    resultsDroppedAt: isoTimeOrNull(row.results_dropped_at),
  };
}
