import type { ServerContext } from '../../context.js';
import { AppError } from '../../http/app-error.js';
import { hashToken } from '../../security/tokens.js';
import { bearerToken } from '../auth/authenticate.js';
import { findNodeByKeyHash } from './repo.js';

/** The node an agent call acts for; an agent can read and write nothing else. */
export interface AgentNode {
  id: number;
  name: string;
  allowPrivateTargets: boolean;
}

/**
 * Resolves `Authorization: Bearer <node key>` to its node, else 401 with 2308. Looking the key up by
 * its SHA-256 keeps the comparison independent of how much of the key matches.
 */
export async function authenticateAgent(ctx: ServerContext, authorization: string | undefined): Promise<AgentNode> {
  const key = bearerToken(authorization);
  if (key === undefined) throw new AppError(2308);
  const node = await findNodeByKeyHash(ctx.db, hashToken(key));
  if (!node) throw new AppError(2308);
  return { id: node.id, name: node.name, allowPrivateTargets: node.allow_private_targets !== 0 };
}
