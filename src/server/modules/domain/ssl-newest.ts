import type { Db } from '../../db/connection.js';
import { certificateNow, storedCertificate, type CertificateNow } from './ssl-certificate.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import { newestChecksOfType } from '../../results/index.js';

export interface CertificateSeen {
  /** The newest check of any node. */
  lastCheckAt: number;
  /** The certificate expiring soonest among the nodes' newest checks, with its trust; null when none of them read one. */
  soonest: (CertificateNow & { authorized: boolean | null }) | null;
}

/**
 * What the nodes' newest checks saw of each of the customer's live SSL tasks (tasks never checked
 * are absent): what the SSL list and the overview both show of a task.
 */
export async function newestCertificates(db: Db, custId: number, now: number): Promise<Map<number, CertificateSeen>> {
  const byTask = new Map<number, CertificateSeen>();
  for (const check of await newestChecksOfType(db, custId, MONITOR_TYPES.SSL)) {
    const seen = byTask.get(check.task_id) ?? { lastCheckAt: check.ts, soonest: null };
    seen.lastCheckAt = Math.max(seen.lastCheckAt, check.ts);
    const stored = storedCertificate(check.details);
    if (stored) {
      const current = { ...certificateNow(stored.certificate, now), authorized: stored.authorized };
      if (!seen.soonest || current.validToMs < seen.soonest.validToMs) seen.soonest = current;
    }
    byTask.set(check.task_id, seen);
  }
  return byTask;
}
