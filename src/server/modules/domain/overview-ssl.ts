import { SSL_DEFAULT_PORT } from '../../../shared/calls/domain-trace-ssl.js';
import { SERVICE_STATUS, type ServiceStatus } from '../../../shared/codes.js';
import { sslServiceStatusOf, type AttentionTask } from '../../../shared/calls/domain-overview.js';
import { isoTime } from '../../db/columns.js';
import { certificateFieldsOf } from './ssl-certificate.js';
import type { CertificateSeen } from './ssl-newest.js';
import type { OverviewTaskRow } from './overview-status-repo.js';

/**
 * SSL tasks on the glance: banded by their certificate as the SSL list shows it — the one
 * expiring soonest among the nodes' newest checks, days left counted now.
 */

/** An enabled SSL task's band, and its attention entry when it is in warning or error. */
export function sslStanding(task: OverviewTaskRow, seen: CertificateSeen | undefined): { status: ServiceStatus; attention: AttentionTask | null } {
  const fields = certificateFieldsOf(seen?.soonest ?? null);
  const status = sslServiceStatusOf(fields.sslStatus, seen !== undefined);
  if (!seen || (status !== SERVICE_STATUS.WARNING && status !== SERVICE_STATUS.ERROR)) return { status, attention: null };
  const attention: AttentionTask = {
    id: task.id,
    type: task.type,
    name: task.name,
    domain: task.domain,
    port: task.port ?? SSL_DEFAULT_PORT,
    otherPath: task.other_path,
    availabilityPercent: null,
    avgResponseMs: null,
    serviceStatus: status,
    certificate: {
      sslStatus: fields.sslStatus,
      validTo: fields.validTo,
      daysLeft: fields.daysLeft,
      checkFailed: seen.soonest === null,
      lastCheckAt: isoTime(seen.lastCheckAt),
    },
  };
  return { status, attention };
}
