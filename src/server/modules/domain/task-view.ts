import type { DomainInfo } from '../../../shared/calls/domain-list.js';
import { taskPointsCost } from '../../../shared/points.js';
import { isoTime } from '../../db/columns.js';
import type { Task } from '../tasks/task-model.js';
import type { DeploySummary } from './deploy-summary.js';

/** A task as /domain/info and the create and update calls answer it. */
export function domainInfoOf(task: Task, deploy: DeploySummary): DomainInfo {
  return {
    id: task.id,
    type: task.type,
    name: task.name,
    domain: task.domain,
    serialNumber: task.serialNumber,
    region: task.region,
    frequencyMinutes: task.frequencyMinutes,
    status: task.status,
    protocol: task.protocol,
    port: task.port,
    otherPath: task.otherPath,
    matchingIps: task.matchingIps,
    matchedIpGroupId: task.matchedIpGroupId,
    dnsServers: task.dnsServers,
    nodeIds: task.nodeIds,
    domainGroup: task.domainGroup,
    tags: task.tags,
    version: task.version,
    deployStatus: deploy.deployStatus,
    errorNodeCount: deploy.errorNodeCount,
    pointsCost: taskPointsCost(task),
    createdAt: isoTime(task.createdAt),
    updatedAt: isoTime(task.updatedAt),
  };
}
