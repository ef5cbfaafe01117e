import type { z } from 'zod';
import type { IssuedNodeKey, NodeCreateBody, NodeKeyBody } from '../../../shared/calls/platform-ops-users.js';
import type { ServerContext } from '../../context.js';
import { createNodeWithKey, findNodeForKey, issueNodeKey } from '../nodes/keys.js';

type Issued = z.output<typeof IssuedNodeKey>;

/** A new key for a catalogue or added node (by id or slug); the previous key stops working. */
export async function issueKeyFor(ctx: ServerContext, body: z.output<typeof NodeKeyBody>): Promise<Issued> {
  const node = await findNodeForKey(ctx.db, String(body.node));
  return issueNodeKey(ctx.db, node.id, { now: ctx.now(), allowPrivateTargets: body.allowPrivateTargets });
}

/** A node outside the catalogue with its first key. */
export async function createNode(ctx: ServerContext, body: NodeCreateBody): Promise<Issued> {
  const { allowPrivateTargets, ...fields } = body;
  return createNodeWithKey(ctx.db, fields, { now: ctx.now(), allowPrivateTargets });
}
