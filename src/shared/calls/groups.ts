import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { groupNameRule, ipRule, optionalText, tagNameRule } from '../validation/rules.js';
import { Paging, PathId, Timestamp } from './common.js';
import { NoBody, defineCall } from './define.js';

/**
 * Domain groups, tags (§3 "Domain group and tag: name") and matched-IP groups (§3 "name and list of
 * IPs, one per line"), all scoped to the signed-in customer. Names are unique per customer; a
 * duplicate is 2014. Unknown ids (or another customer's) are 2103 for a domain group, 2001 for a
 * tag and 2112 for a matched-IP group. A task names its domain group and tags, so renaming one
 * renames it on the customer's tasks and deleting one clears it from them; a matched-IP group used
 * by a task cannot be deleted (2013).
 */

/** Most addresses one matched-IP group holds. */
export const IP_GROUP_MAX_IPS = 1000;

const Id = z.number().int().positive();

// Surrounding blanks are not part of a name: " prod" and "prod" are the same group.
const GroupName = z.string().trim().pipe(groupNameRule);
const TagName = z.string().trim().pipe(tagNameRule);
const IpGroupName = z.string().trim().pipe(groupNameRule);
const IpAddress = z.string().trim().pipe(ipRule);

export const GROUP_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;

/** One page of a customer's groups: keyword (part of the name, any case), sorting, paging. */
export const GroupListBody = Paging.extend({
  keyword: z.string().trim().pipe(optionalText({ min: 0, max: LIMITS.groupNameMax })).optional(),
  sortBy: z.enum(GROUP_SORT_FIELDS).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
}).prefault({});
export type GroupListBody = z.input<typeof GroupListBody>;

/** A domain group or a tag, with how many of the customer's tasks carry it. */
export const GroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  taskCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type GroupRow = z.infer<typeof GroupRow>;

export const GroupListAnswer = z.object({ list: z.array(GroupRow), total: z.number().int() });
export type GroupListAnswer = z.infer<typeof GroupListAnswer>;

export const DomainGroupCreateBody = z.strictObject({ name: GroupName });
export type DomainGroupCreateBody = z.input<typeof DomainGroupCreateBody>;
export const DomainGroupUpdateBody = z.strictObject({ id: Id, name: GroupName });
export type DomainGroupUpdateBody = z.input<typeof DomainGroupUpdateBody>;
export const TagCreateBody = z.strictObject({ name: TagName });
export type TagCreateBody = z.input<typeof TagCreateBody>;
export const TagUpdateBody = z.strictObject({ id: Id, name: TagName });
export type TagUpdateBody = z.input<typeof TagUpdateBody>;

/** Bulk delete: all ids must be the customer's, or nothing is deleted. */
export const GroupDeleteBody = z.strictObject({ ids: z.array(Id).min(1).max(LIMITS.bulkDeleteMax) });
export type GroupDeleteBody = z.input<typeof GroupDeleteBody>;
export const GroupDeleteAnswer = z.object({
  deleted: z.number().int(),
  /** Tasks the deleted names were cleared from. */
  tasksChanged: z.number().int(),
});
export type GroupDeleteAnswer = z.infer<typeof GroupDeleteAnswer>;

export const IpGroupSearchBody = GroupListBody;
export type IpGroupSearchBody = z.input<typeof IpGroupSearchBody>;

export const IpGroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  ipCount: z.number().int(),
  taskCount: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type IpGroupRow = z.infer<typeof IpGroupRow>;

export const IpGroupSearchAnswer = z.object({ list: z.array(IpGroupRow), total: z.number().int() });
export type IpGroupSearchAnswer = z.infer<typeof IpGroupSearchAnswer>;

export const IpGroupOption = z.object({ id: z.number().int(), name: z.string() });
export const IpGroupOptionsAnswer = z.object({ list: z.array(IpGroupOption) });
export type IpGroupOptionsAnswer = z.infer<typeof IpGroupOptionsAnswer>;

export const IpGroup = IpGroupRow.extend({ ips: z.array(z.string()) });
export type IpGroup = z.infer<typeof IpGroup>;

export const IpGroupIdBody = z.strictObject({ id: PathId });
export type IpGroupIdBody = z.input<typeof IpGroupIdBody>;

/** The addresses as an array (the console splits its one-per-line text with ipLinesOf); repeats are dropped. */
const ipGroupFields = {
  name: IpGroupName,
  ips: z.array(IpAddress).min(1, { message: '10010002' }).max(IP_GROUP_MAX_IPS),
};
export const IpGroupCreateBody = z.strictObject(ipGroupFields);
export type IpGroupCreateBody = z.input<typeof IpGroupCreateBody>;
/** PUT replaces the name and the whole address list. */
export const IpGroupReplaceBody = z.strictObject({ id: PathId, ...ipGroupFields });
export type IpGroupReplaceBody = z.input<typeof IpGroupReplaceBody>;

/** The addresses of a one-per-line text: each line trimmed, blank lines left out. */
export function ipLinesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

const session = { access: 'session', area: 'monitor' } as const;

const labelCalls = {
  domainGroupList: defineCall({
    method: 'POST',
    path: '/domain_group/list',
    summary: "The customer's domain groups with their task counts: keyword, sorting, paging.",
    body: GroupListBody,
    answer: GroupListAnswer,
    mutation: false,
    ...session,
  }),
  domainGroupCreate: defineCall({
    method: 'POST',
    path: '/domain_group/create',
    summary: 'Creates a domain group (name unique per customer, 2014 when taken).',
    body: DomainGroupCreateBody,
    answer: GroupRow,
    mutation: true,
    ...session,
  }),
  domainGroupUpdate: defineCall({
    method: 'POST',
    path: '/domain_group/update',
    summary: "Renames a domain group and, with it, the group of the customer's tasks (2103 unknown id, 2014 name taken).",
    body: DomainGroupUpdateBody,
    answer: GroupRow,
    mutation: true,
    ...session,
  }),
  domainGroupDelete: defineCall({
    method: 'POST',
    path: '/domain_group/delete',
    summary: 'Deletes domain groups (all or none; 2103 for any unknown id) and clears them from the tasks that had them.',
    body: GroupDeleteBody,
    answer: GroupDeleteAnswer,
    mutation: true,
    ...session,
  }),
  tagList: defineCall({
    method: 'POST',
    path: '/tags/list',
    summary: "The customer's tags with their task counts: keyword, sorting, paging.",
    body: GroupListBody,
    answer: GroupListAnswer,
    mutation: false,
    ...session,
  }),
  tagCreate: defineCall({
    method: 'POST',
    path: '/tags/create',
    summary: 'Creates a tag (name unique per customer, 2014 when taken).',
    body: TagCreateBody,
    answer: GroupRow,
    mutation: true,
    ...session,
  }),
  tagUpdate: defineCall({
    method: 'POST',
    path: '/tags/update',
    summary: "Renames a tag and, with it, the tag on the customer's tasks (2001 unknown id, 2014 name taken).",
    body: TagUpdateBody,
    answer: GroupRow,
    mutation: true,
    ...session,
  }),
  tagDelete: defineCall({
    method: 'POST',
    path: '/tags/delete',
    summary: 'Deletes tags (all or none; 2001 for any unknown id) and removes them from the tasks that had them.',
    body: GroupDeleteBody,
    answer: GroupDeleteAnswer,
    mutation: true,
    ...session,
  }),
} as const;

const ipGroupCalls = {
  ipGroupSearch: defineCall({
    method: 'POST',
    path: '/domain_group/addr/search',
    summary: "The customer's matched-IP groups (keyword: part of the name or of an address), with address and task counts.",
    body: IpGroupSearchBody,
    answer: IpGroupSearchAnswer,
    mutation: false,
    ...session,
  }),
  ipGroupOptions: defineCall({
    method: 'GET',
    path: '/domain_group/addr/list',
    summary: "Every matched-IP group of the customer (id and name, by name), for choosing a task's group.",
    body: NoBody,
    answer: IpGroupOptionsAnswer,
    mutation: false,
    ...session,
  }),
  ipGroupGet: defineCall({
    method: 'GET',
    path: '/domain_group/addr/{id}',
    summary: 'One matched-IP group with its addresses (2112 unknown id).',
    body: IpGroupIdBody,
    answer: IpGroup,
    mutation: false,
    ...session,
  }),
  ipGroupCreate: defineCall({
    method: 'POST',
    path: '/domain_group/addr',
    summary: `Creates a matched-IP group: a name (unique, 2014 when taken) and 1-${String(IP_GROUP_MAX_IPS)} IPv4/IPv6 addresses.`,
    body: IpGroupCreateBody,
    answer: IpGroup,
    mutation: true,
    ...session,
  }),
  ipGroupReplace: defineCall({
    method: 'PUT',
    path: '/domain_group/addr/{id}',
    summary: 'Replaces the name and addresses of a matched-IP group; tasks using it are redeployed with the new addresses.',
    body: IpGroupReplaceBody,
    answer: IpGroup,
    mutation: true,
    ...session,
  }),
  ipGroupDelete: defineCall({
    method: 'DELETE',
    path: '/domain_group/addr/{id}',
    summary: 'Deletes a matched-IP group (2112 unknown id; 2013 while a task uses it).',
    body: IpGroupIdBody,
    answer: z.null(),
    mutation: true,
    ...session,
  }),
} as const;

export const groupCalls = { ...labelCalls, ...ipGroupCalls } as const;
