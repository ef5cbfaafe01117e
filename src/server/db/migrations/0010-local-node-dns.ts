import type { Migration } from 'kysely';
import type { AnyDb } from './any-db.js';

/*
 * The Local node (npm start's own agent) was seeded with a public resolver as its DNS server. The
 * agent's self-check now asks its node's DNS server, so on a machine without Internet access the
 * Local node would show "warning" for a resolver it never needed. New catalogues seed it without
 * one; this clears the old seed values (and only those: an operator's own choice stays).
 */
const OLD_LOCAL_DNS_SERVERS = ['1.1.1.1', '8.8.8.8'];

export const localNodeDns: Migration = {
  async up(db: AnyDb): Promise<void> {
    await db.updateTable('nodes').set({ dns_server: '' }).where('slug', '=', 'local').where('dns_server', 'in', OLD_LOCAL_DNS_SERVERS).execute();
  },
};
