import type { Db } from '../../db/connection.js';

/** What a name in a cell stands for: one id, none, or several (a name two nodes share). */
export type NameResolution = { found: number } | { missing: 'unknown' | 'ambiguous' };

/** Nodes (by name or catalogue code) and the customer's matched-IP groups (by name), for reading rows. */
export interface ImportLookups {
  nodeIdOf(nameOrCode: string): number | undefined;
  ipGroupIdOf(name: string): number | undefined;
  nodeNameOf(id: number): string | undefined;
  ipGroupNameOf(id: number): string | undefined;
  /** Like nodeIdOf, telling an unknown name from an ambiguous one. */
  resolveNode(nameOrCode: string): NameResolution;
  resolveIpGroup(name: string): NameResolution;
}

interface Named {
  id: number;
  name: string;
}

const key = (text: string) => text.trim().toLowerCase();

/** Exact codes first, then exact names, then names without case; a name several share is ambiguous. */
class NameIndex {
  private readonly codes = new Map<string, number>();
  private readonly exact = new Map<string, number[]>();
  private readonly folded = new Map<string, number[]>();
  readonly names = new Map<number, string>();

  constructor(items: readonly (Named & { code?: string | null })[]) {
    for (const item of items) {
      this.names.set(item.id, item.name);
      if (item.code) this.codes.set(key(item.code), item.id);
      push(this.exact, item.name.trim(), item.id);
      push(this.folded, key(item.name), item.id);
    }
  }

  resolve(text: string): NameResolution {
    const code = this.codes.get(key(text));
    if (code !== undefined) return { found: code };
    const ids = this.exact.get(text.trim()) ?? this.folded.get(key(text)) ?? [];
    if (ids.length === 0) return { missing: 'unknown' };
    if (ids.length > 1) return { missing: 'ambiguous' };
    return { found: ids[0] as number };
  }
}

function push(map: Map<string, number[]>, name: string, id: number): void {
  const ids = map.get(name);
  if (ids) ids.push(id);
  else map.set(name, [id]);
}

const idOf = (resolution: NameResolution) => ('found' in resolution ? resolution.found : undefined);

/** Loads every node and the customer's matched-IP groups once per import. */
export async function loadImportLookups(db: Db, custId: number): Promise<ImportLookups> {
  const nodes = await db.selectFrom('nodes').select(['id', 'name', 'slug as code']).execute();
  const groups = await db.selectFrom('ip_groups').select(['id', 'name']).where('cust_id', '=', custId).execute();
  const nodeIndex = new NameIndex(nodes);
  const groupIndex = new NameIndex(groups);
  return {
    nodeIdOf: (text) => idOf(nodeIndex.resolve(text)),
    ipGroupIdOf: (text) => idOf(groupIndex.resolve(text)),
    nodeNameOf: (id) => nodeIndex.names.get(id),
    ipGroupNameOf: (id) => groupIndex.names.get(id),
    resolveNode: (text) => nodeIndex.resolve(text),
    resolveIpGroup: (text) => groupIndex.resolve(text),
  };
}
