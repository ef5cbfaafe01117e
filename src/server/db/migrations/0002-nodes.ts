import { sql, type Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/** Probe nodes with their agent identity (key hash) and the agent's last word. */
export const nodes: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('nodes')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('slug', 'text', (c) => c.unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('province', 'text')
      .addColumn('region', 'text', (c) => c.check(sql`region is null or region in ('NE','NC','EC','CC','SC','SW','NW')`))
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('isp', 'integer', (c) => c.notNull().check(sql`isp in (0,1,2,3,4,8,9)`))
      .addColumn('map_type', 'integer', (c) => c.notNull().check(sql`map_type in (1,2,3)`))
      .addColumn('dns_server', 'text', (c) => c.notNull())
      .addColumn('latitude', 'real', (c) => c.notNull())
      .addColumn('longitude', 'real', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.unique())
      .addColumn('key_created_at', 'integer')
      .addColumn('allow_private_targets', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('agent_version', 'text')
      .addColumn('agent_hostname', 'text')
      .addColumn('capabilities', 'text')
      .addColumn('registered_at', 'integer')
      .addColumn('last_seen_at', 'integer')
      .addColumn('last_self_check', 'text')
      .addColumn('last_self_check_at', 'integer')
      .addColumn('self_check_window', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('nodes_filter').on('nodes').columns(['map_type', 'country', 'region', 'isp']).execute();
  },
};
