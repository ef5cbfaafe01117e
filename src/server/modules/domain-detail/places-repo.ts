import type { Db } from '../../db/connection.js';

/** Where each of the given nodes is (nodes no longer in the catalogue are left out). */
export function nodePlaces(db: Db, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('nodes')
    .select(['id', 'name', 'city', 'province', 'region', 'country', 'isp', 'map_type', 'latitude', 'longitude'])
    .where('id', 'in', nodeIds)
    .orderBy('id')
    .execute();
}

export type NodePlaceRow = Awaited<ReturnType<typeof nodePlaces>>[number];
