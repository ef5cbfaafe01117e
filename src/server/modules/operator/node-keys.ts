import type { z } from 'zod';
import type { IssuedNodeKey, NodeCreateBody, NodeKeyBody } from '../../../shared/calls/platform-ops-users.js';
import { createNodeWithKey, findNodeForKey, issueNodeKey } from '../nodes/keys.js';
import type { OperatorContext } from './records.js';

type Issued = z.output<typeof IssuedNodeKey>;

/** A new key for a catalogue or added node (by id or slug); the previous key stops working. */
export async function issueKeyFor(ctx: OperatorContext, body: z.output<typeof NodeKeyBody>): Promise<Issued> {
  const node = await findNodeForKey(ctx.db, String(body.node));
  return issueNodeKey(ctx.db, node.id, { now: ctx.now(), allowPrivateTargets: body.allowPrivateTargets });
}

/** A node outside the catalogue with its first key. */
export async function createNode(ctx: OperatorContext, body: NodeCreateBody): Promise<Issued> {
  const { allowPrivateTargets, ...fields } = body;
  return createNodeWithKey(ctx.db, fields, { now: ctx.now(), allowPrivateTargets });
}
