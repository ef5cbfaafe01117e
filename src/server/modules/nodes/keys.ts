import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { hashToken, newToken } from '../../security/tokens.js';
import { newNodeColumns, type NewNodeFields } from './node-fields.js';

/** Recognisable in logs and secret scanners; the rest is 32 random bytes. */
const NODE_KEY_PREFIX = 'vgn_';

export interface IssuedNodeKey {
  nodeId: number;
  name: string;
  /** Shown once; only its SHA-256 is stored. */
  key: string;
  allowPrivateTargets: boolean;
}

export interface KeyOptions {
  now: number;
  /** true/false sets the node's permission to probe private targets; undefined keeps it. */
  allowPrivateTargets?: boolean | undefined;
}

/** A node by id, or by catalogue slug ('local', 'cn-beijing-telecom'). */
export async function findNodeForKey(db: Db, idOrSlug: string) {
  const query = db.selectFrom('nodes').select(['id', 'name']);
  const node = /^\d+$/.test(idOrSlug)
    ? await query.where('id', '=', Number(idOrSlug)).executeTakeFirst()
    : await query.where('slug', '=', idOrSlug).executeTakeFirst();
  if (!node) throw new AppError(2304);
  return node;
}

/** Makes a new key for a node; the previous key stops working at once. */
export async function issueNodeKey(db: Db, nodeId: number, options: KeyOptions): Promise<IssuedNodeKey> {
  const key = `${NODE_KEY_PREFIX}${newToken()}`;
  const changes = {
    key_hash: hashToken(key),
    key_created_at: options.now,
    ...(options.allowPrivateTargets === undefined ? {} : { allow_private_targets: options.allowPrivateTargets ? 1 : 0 }),
  };
  const node = await db
    .updateTable('nodes')
    .set(changes)
    .where('id', '=', nodeId)
    .returning(['id', 'name', 'allow_private_targets'])
    .executeTakeFirst();
  if (!node) throw new AppError(2304);
  return { nodeId: node.id, name: node.name, key, allowPrivateTargets: node.allow_private_targets !== 0 };
}

/** Adds a node outside the catalogue and makes its first key. */
export async function createNodeWithKey(db: Db, fields: NewNodeFields, options: KeyOptions): Promise<IssuedNodeKey> {
  const node = await db
    .insertInto('nodes')
    .values({ ...newNodeColumns(fields), created_at: options.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return issueNodeKey(db, node.id, options);
}
