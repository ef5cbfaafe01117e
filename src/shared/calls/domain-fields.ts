import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { DNS_RECORD_TYPES } from '../probe/options.js';
import { isIP, isIPPort } from '../validation/predicates.js';
import {
  atLeastOne,
  domainOrIpRule,
  domainRule,
  enableStatusRule,
  frequencyRule,
  ipRule,
  nameRule,
  optionalText,
  otherPathRule,
  portRule,
  tagNameRule,
} from '../validation/rules.js';

/**
 * The task fields of §3 as the create and update calls of monitor types 1-5 take them; the
 * console's forms validate with the same schemas. Every message is an inner code of 1001.
 *
 * - name ≤ 255; domain: a domain or an IP (ICMP, TCP, HTTP, HTTPS), a domain name (DNS);
 * - frequencyMinutes one of 1, 2, 5, 10, 15, 20, 30, 60; status 1 enabled (default) / 2 disabled;
 * - nodeIds: at least one monitor node; dnsServers (DNS only): at least one `ip` or `ip:port`;
 * - port 0-65535: TCP requires it (2130 when missing or null); HTTP and HTTPS take 0 or null as
 *   the protocol's default port; otherPath ≤ 100 (HTTP, HTTPS);
 * - protocol (DNS only): the record type asked, A (default), AAAA, CNAME, MX, NS or TXT;
 * - matchingIps: the addresses answers must match (the console's "one per line", as a list);
 * - matchedIpGroupId, domainGroup ≤ 50, tags (each ≤ 50), serialNumber and region ≤ 255.
 * Unknown fields are refused (1001, 10010001 on that field).
 */

/** A DNS server to ask: `ip` or `ip:port` (IPv6 with a port as `[ip]:port`). */
export const dnsServerRule = z.string().refine((value) => isIP(value) || isIPPort(value), { message: '10010004' });

const MAX_NODES = 1_000;
const MAX_LIST = 100;

const commonFields = {
  name: nameRule,
  frequencyMinutes: frequencyRule,
  nodeIds: atLeastOne(z.number().int().positive()).max(MAX_NODES),
  serialNumber: optionalText({ min: 0, max: LIMITS.nameMax }).optional(),
  region: optionalText({ min: 0, max: LIMITS.nameMax }).optional(),
  status: enableStatusRule.optional(),
  matchingIps: z.array(ipRule).max(MAX_LIST).optional(),
  matchedIpGroupId: z.number().int().positive().nullable().optional(),
  domainGroup: optionalText({ min: 0, max: LIMITS.groupNameMax }).optional(),
  tags: z.array(tagNameRule).max(MAX_LIST).optional(),
};

const hostFields = { ...commonFields, domain: domainOrIpRule };

export const IcmpTaskFields = z.strictObject(hostFields);
export const TcpTaskFields = z.strictObject({ ...hostFields, port: portRule.nullable().optional() });
const webFields = { ...hostFields, port: portRule.nullable().optional(), otherPath: otherPathRule.optional() };
export const HttpTaskFields = z.strictObject(webFields);
export const HttpsTaskFields = z.strictObject(webFields);
export const DnsTaskFields = z.strictObject({
  ...commonFields,
  domain: domainRule,
  dnsServers: atLeastOne(dnsServerRule).max(MAX_LIST),
  protocol: z.enum(DNS_RECORD_TYPES).optional(),
});

export { TASK_TYPE_SLUGS, type TaskTypeSlug } from './task-list-constants.js';

const TaskId = z.number().int().positive();

/** Create: the type's fields. Update: the task's id and the fields to replace (others stay). */
export const IcmpCreateBody = IcmpTaskFields;
export const IcmpUpdateBody = IcmpTaskFields.partial().extend({ id: TaskId });
export const TcpCreateBody = TcpTaskFields;
export const TcpUpdateBody = TcpTaskFields.partial().extend({ id: TaskId });
export const HttpCreateBody = HttpTaskFields;
export const HttpUpdateBody = HttpTaskFields.partial().extend({ id: TaskId });
export const HttpsCreateBody = HttpsTaskFields;
export const HttpsUpdateBody = HttpsTaskFields.partial().extend({ id: TaskId });
export const DnsCreateBody = DnsTaskFields;
export const DnsUpdateBody = DnsTaskFields.partial().extend({ id: TaskId });

export type IcmpCreateBody = z.input<typeof IcmpCreateBody>;
export type TcpCreateBody = z.input<typeof TcpCreateBody>;
export type HttpCreateBody = z.input<typeof HttpCreateBody>;
export type HttpsCreateBody = z.input<typeof HttpsCreateBody>;
export type DnsCreateBody = z.input<typeof DnsCreateBody>;
export type IcmpUpdateBody = z.input<typeof IcmpUpdateBody>;
export type TcpUpdateBody = z.input<typeof TcpUpdateBody>;
export type HttpUpdateBody = z.input<typeof HttpUpdateBody>;
export type HttpsUpdateBody = z.input<typeof HttpsUpdateBody>;
export type DnsUpdateBody = z.input<typeof DnsUpdateBody>;

/** Any type's create body, as the server's service takes it (the path decides the type). */
export type TaskCreateBody = z.output<
  typeof IcmpCreateBody | typeof TcpCreateBody | typeof HttpCreateBody | typeof HttpsCreateBody | typeof DnsCreateBody
>;
/** Any type's update body without the id. */
export type TaskUpdateFields = Partial<TaskCreateBody>;
