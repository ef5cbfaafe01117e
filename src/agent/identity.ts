import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ResultItem } from '../shared/calls/agent-work.js';
import type { AgentRegisterAnswer } from '../shared/calls/agent.js';
import type { AssignmentBook } from './assignments.js';
import type { AgentLogger } from './log.js';
import type { RememberedNode } from './node-file.js';
import type { Spool } from './spool.js';

/**
 * The spool and the assignment cache belong to the node that produced them. When the server says
 * this key is another node than the data directory remembers (a new key for a different node, a
 * copied directory), they are moved aside into `quarantine/` — counted and logged, never sent
 * under the new key — before anything is delivered or pulled.
 */

export interface NodeData {
  dataDir: string;
  spool: Spool<ResultItem>;
  cacheFile: string;
  book: AssignmentBook;
  /** Writes results still held in memory to the spool, so they move with it. */
  flush: () => void;
  logger: AgentLogger;
}

export interface Quarantined {
  dir: string;
  batches: number;
  results: number;
  droppedResults: number;
  cachedAssignments: boolean;
}

function hasData(data: NodeData): boolean {
  return data.spool.size > 0 || data.spool.droppedCount() > 0 || existsSync(data.cacheFile);
}

/** Moves the data of another node aside; null when the data is this node's (or there is none). */
export function quarantineForeignData(remembered: RememberedNode | null, answer: AgentRegisterAnswer, data: NodeData, now = new Date()): Quarantined | null {
  if (remembered?.nodeId === answer.nodeId) return null;
  data.flush();
  if (!hasData(data)) return null;
  const from = remembered ? `node-${remembered.nodeId}` : 'node-unknown';
  const dir = join(data.dataDir, 'quarantine', `${now.toISOString().replace(/[:.]/g, '-')}-${from}`);
  mkdirSync(dir, { recursive: true });
  const droppedResults = data.spool.droppedCount();
  const moved = data.spool.moveTo(join(dir, 'spool'));
  const cachedAssignments = existsSync(data.cacheFile);
  if (cachedAssignments) renameSync(data.cacheFile, join(dir, basename(data.cacheFile)));
  data.book.reset();
  const quarantined: Quarantined = { dir, ...moved, droppedResults, cachedAssignments };
  data.logger.warn('data_quarantined', { fromNodeId: remembered?.nodeId ?? null, toNodeId: answer.nodeId, ...quarantined });
  return quarantined;
}
