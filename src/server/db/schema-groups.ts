import type { Generated } from 'kysely';

/**
 * A customer's domain groups, tags and matched-IP groups (migration 0008). Names are unique per
 * customer. Tasks refer to a domain group and tags by name and to a matched-IP group by id.
 */

export interface NamedGroupTable {
  id: Generated<number>;
  cust_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface IpGroupsTable extends NamedGroupTable {
  /** JSON array of IP address strings. */
  ips: string;
}

export interface GroupTables {
  domain_groups: NamedGroupTable;
  tags: NamedGroupTable;
  ip_groups: IpGroupsTable;
}
