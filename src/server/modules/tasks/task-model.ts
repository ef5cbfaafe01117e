import type { Insertable, Selectable } from 'kysely';
import type { MonitorType } from '../../../shared/codes.js';
import type { TasksTable } from '../../db/schema-tasks.js';
import type { TaskFields } from './task-input.js';

/** A monitor task as services see it. */
export interface Task extends TaskFields {
  id: number;
  custId: number;
  version: number;
  deletedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Contract points the task holds (what its last change charged; 0 when written without points). */
  chargedPoints: number;
}

export type TaskRow = Selectable<TasksTable>;

function jsonArray<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export function taskOfRow(row: TaskRow): Task {
  return {
    id: row.id,
    custId: row.cust_id,
    type: row.type as MonitorType,
    name: row.name,
    domain: row.domain,
    serialNumber: row.serial_number,
    region: row.region,
    frequencyMinutes: row.frequency_minutes,
    status: row.status === 2 ? 2 : 1,
    protocol: row.protocol,
    port: row.port,
    otherPath: row.other_path,
    matchingIps: jsonArray<string>(row.matching_ips),
    matchedIpGroupId: row.matched_ip_group_id,
    dnsServers: jsonArray<string>(row.dns_servers),
    nodeIds: jsonArray<number>(row.node_ids),
    domainGroup: row.domain_group,
    tags: jsonArray<string>(row.tags),
    version: row.version,
    deletedAt: row.deleted_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    chargedPoints: row.charged_points,
  };
}

/** The stored columns of a task's fields. */
/** A target's host as two tasks are compared (2125): trimmed, any case (IDN letters too, which SQL's lower() does not fold). */
export function hostKeyOf(domain: string): string {
  return domain.trim().toLowerCase();
}

export function columnsOfFields(fields: TaskFields): Omit<Insertable<TasksTable>, 'cust_id' | 'version' | 'created_at' | 'updated_at'> {
  return {
    type: fields.type,
    name: fields.name,
    domain: fields.domain,
    target_host: hostKeyOf(fields.domain),
    serial_number: fields.serialNumber,
    region: fields.region,
    frequency_minutes: fields.frequencyMinutes,
    status: fields.status,
    protocol: fields.protocol,
    port: fields.port,
    other_path: fields.otherPath,
    matching_ips: JSON.stringify(fields.matchingIps),
    matched_ip_group_id: fields.matchedIpGroupId,
    dns_servers: JSON.stringify(fields.dnsServers),
    node_ids: JSON.stringify([...new Set(fields.nodeIds)]),
    domain_group: fields.domainGroup,
    tags: JSON.stringify(fields.tags),
  };
}

/** Whether agents should run the task at all. */
export function isActive(task: Pick<Task, 'status' | 'deletedAt'>): boolean {
  return task.status === 1 && task.deletedAt === null;
}
