import { z } from 'zod';
import { ISP_CODES } from '../codes.js';

/**
 * The task map's DNS finding: `classifyMismatch` (src/shared/alerts/dns-mismatch.ts) over each
 * node's latest answer in the range against the task's matched set, computed on the server.
 */

const ispCode = z.literal(Object.values(ISP_CODES));

/** `Verdict` of src/shared/alerts/verdict.ts: where the mismatching answers are. */
export const WhereVerdict = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('site') }),
  z.object({ kind: z.literal('carrier'), isp: ispCode, provinces: z.array(z.string()) }),
  z.object({ kind: z.literal('region'), scope: z.enum(['region', 'province', 'country']), value: z.string() }),
  z.object({ kind: z.literal('node'), nodeId: z.number().int() }),
  z.object({ kind: z.literal('scattered') }),
  z.object({ kind: z.literal('no_data') }),
  z.object({ kind: z.literal('none') }),
]);

export const IpFinding = z.object({
  /** none: every answer matched (or none came); site: every node left the set (the site's addresses changed); possible_hijack: some places or ISPs only. */
  verdict: z.enum(['none', 'site', 'possible_hijack']),
  /** The task's matching IPs and its matched-IP group's addresses. */
  matchedIps: z.array(z.string()),
  where: WhereVerdict,
  /** The nodes whose latest answer left the set, by node id: everything they resolved and the addresses outside the set. */
  mismatched: z.array(z.object({ nodeId: z.number().int(), ips: z.array(z.string()), unexpected: z.array(z.string()) })),
});
export type IpFinding = z.infer<typeof IpFinding>;
