import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { AgentRegisterAnswer } from '../shared/calls/agent.js';

/**
 * Small facts the agent keeps between runs: what the server last said about its node (so a restart
 * during an outage probes with the node's own permissions), and the agent's version.
 */

const RememberedNode = z.object({
  nodeId: z.number().int(),
  name: z.string(),
  allowPrivateTargets: z.boolean(),
  /** keyIdOf the key that registered (absent in files from before it was kept). */
  keyId: z.string().optional(),
});
export type RememberedNode = z.infer<typeof RememberedNode>;

export function readRememberedNode(file: string): RememberedNode | null {
  try {
    return RememberedNode.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

export function rememberNode(file: string, answer: AgentRegisterAnswer, keyId: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const node: RememberedNode = { nodeId: answer.nodeId, name: answer.name, allowPrivateTargets: answer.allowPrivateTargets, keyId };
  writeFileSync(`${file}.tmp`, JSON.stringify(node));
  renameSync(`${file}.tmp`, file);
}

/** The package's version, found by walking up from this file to package.json. */
export function agentVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    if (readdirSync(dir).includes('package.json')) {
      try {
        const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown }).version;
        if (typeof version === 'string' && version.length > 0) return version.slice(0, 64);
      } catch {
        // An unreadable package.json: keep looking above.
      }
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

export function machineName(): string {
  return hostname().slice(0, 255);
}
