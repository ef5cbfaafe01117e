import { z } from 'zod';
import { ENABLE_STATUS, MONITOR_TYPE_CODES, type MonitorType } from '../../../shared/codes.js';
import { isIP, isIPPort } from '../../../shared/validation/predicates.js';
import {
  atLeastOne,
  domainOrIpRule,
  enableStatusRule,
  frequencyRule,
  ipRule,
  nameRule,
  optionalText,
  otherPathRule,
  portRule,
  tagNameRule,
} from '../../../shared/validation/rules.js';
import { LIMITS } from '../../../shared/constants.js';

/**
 * What a caller gives to create or change a task. The console's call schemas (issue 4) map onto
 * these; the service validates again so no caller can store a task the agents cannot run.
 */

const dnsServerRule = z.string().refine((value) => isIP(value) || isIPPort(value), { message: '10010004' });
const nodeIdRule = z.number().int().positive();

const editableFields = {
  name: nameRule,
  domain: domainOrIpRule,
  serialNumber: optionalText({ min: 0, max: LIMITS.nameMax }),
  region: optionalText({ min: 0, max: LIMITS.nameMax }),
  frequencyMinutes: frequencyRule,
  status: enableStatusRule,
  protocol: optionalText({ min: 0, max: 20 }),
  port: portRule.nullable(),
  otherPath: otherPathRule,
  matchingIps: z.array(ipRule),
  matchedIpGroupId: z.number().int().positive().nullable(),
  dnsServers: z.array(dnsServerRule),
  nodeIds: atLeastOne(nodeIdRule),
  domainGroup: optionalText({ min: 0, max: LIMITS.groupNameMax }),
  tags: z.array(tagNameRule),
};

/** Every editable field a task stores (defaults filled in). */
export type TaskFields = { type: MonitorType } & { [K in keyof typeof editableFields]: z.output<(typeof editableFields)[K]> };

type RequiredField = 'type' | 'name' | 'domain' | 'frequencyMinutes' | 'nodeIds';

/** Values of the fields a new task leaves out (fresh arrays each call). */
export function taskDefaults(): Omit<TaskFields, RequiredField> {
  return {
    serialNumber: '',
    region: '',
    status: ENABLE_STATUS.ENABLED,
    protocol: '',
    port: null,
    otherPath: '',
    matchingIps: [],
    matchedIpGroupId: null,
    dnsServers: [],
    domainGroup: '',
    tags: [],
  };
}

const { name, domain, frequencyMinutes, nodeIds, ...optionalFields } = editableFields;

/** Name, domain, frequency and nodes are required; every other field falls back to taskDefaults(). */
export const TaskInput = z.strictObject({
  type: z.number().refine((value) => (MONITOR_TYPE_CODES as number[]).includes(value), { message: '10010003' }),
  name,
  domain,
  frequencyMinutes,
  nodeIds,
  ...z.strictObject(optionalFields).partial().shape,
});
export type TaskInput = z.input<typeof TaskInput>;

/** An update replaces the fields it names; the type of a task never changes. */
export const TaskChanges = z.strictObject(editableFields).partial();
export type TaskChanges = z.input<typeof TaskChanges>;
