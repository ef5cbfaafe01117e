import type { Db } from '../../db/connection.js';
import { insertMissingLabels } from './labels-repo.js';
import { distinct } from './names.js';

/**
 * For the task services, inside their own transaction: adds the task's domain group and tags that
 * the customer does not have yet (names as the task stores them), so the lists show every name a
 * task carries. Existing rows stay as they are.
 */
export async function ensureLabels(db: Db, custId: number, labels: { domainGroup: string; tags: readonly string[] }, now: number): Promise<void> {
  if (labels.domainGroup !== '') await insertMissingLabels(db, 'domain_groups', custId, [labels.domainGroup], now);
  await insertMissingLabels(db, 'tags', custId, distinct(labels.tags.filter((tag) => tag !== '')), now);
}
