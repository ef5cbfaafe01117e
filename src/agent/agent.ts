import { join } from 'node:path';
import type { ResultItem } from '../shared/calls/agent-work.js';
import { AssignmentBook, type ScheduledAssignment } from './assignments.js';
import type { BackoffPolicy } from './backoff.js';
import { CHECKS, type CheckRegistry } from './checks/registry.js';
import type { AgentConfig } from './config.js';
import { type DataDirLock, keyIdOf, lockDataDir } from './data-dir.js';
import { Delivery } from './delivery.js';
import { quarantineForeignData } from './identity.js';
import { JobLoop } from './jobs.js';
import { type AgentLogger, createLogger } from './log.js';
import { agentVersion, machineName, readRememberedNode, rememberNode } from './node-file.js';
import { ResultBatcher } from './result-batch.js';
import { CheckRunner } from './runner.js';
import { Scheduler } from './scheduler.js';
import { detectCapabilities, IcmpToolWatch, runSelfCheck, selfCheckPlanOf } from './self-check.js';
import { DEFAULT_SPOOL_LIMITS, Spool, type SpoolLimits } from './spool.js';
import { Sync } from './sync.js';
import { createTransport, type KeyRefusedError } from './transport.js';

/** Assembles one probe agent: sync with the server, schedule and run checks, spool and deliver results. */

export interface AgentDeps {
  logger?: AgentLogger;
  registry?: CheckRegistry;
  /** Length of a scheduling minute in ms (tests and benchmarks shorten it; 60,000 otherwise). */
  minuteMs?: number;
  /** Overrides the server's heartbeat interval. */
  heartbeatMs?: number;
  /** How long each jobs long poll may wait at the server. */
  jobWaitMs?: number;
  backoff?: BackoffPolicy;
  flushMs?: number;
  maxBatchResults?: number;
  spoolLimits?: SpoolLimits;
  /** How late each scheduled check started, in ms. */
  onLateness?: (lateMs: number) => void;
  /** Results the server has stored, told when its answer arrives. */
  onDelivered?: (results: readonly ResultItem[]) => void;
}

export type StopReason = 'stopped' | 'key_refused';

export interface AgentStatus {
  registered: boolean;
  nodeId: number | null;
  allowPrivateTargets: boolean;
  assignments: number;
  /** Checks waiting or running. */
  checksPending: number;
  /** Checks skipped because the task's previous run was still going. */
  checksSkipped: number;
  /** Results written to the spool by this run of the agent. */
  resultsSpooled: number;
  /** Results the server confirmed (new or already stored) in this run. */
  resultsDelivered: number;
  duplicateBatches: number;
  batchesWaiting: number;
  /** Damaged spool batches of unknown size dropped (their results could not be counted). */
  unreadableBatchesDropped: number;
}

export interface AgentHandle {
  /** Stops everything; `flush` (default true) spools results still held in memory first. */
  stop(options?: { flush?: boolean }): Promise<void>;
  /** Settles when the agent has stopped, saying why. */
  readonly stopped: Promise<StopReason>;
  status(): AgentStatus;
}

type Compact<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** The object without its undefined fields (optional options stay absent rather than undefined). */
function compact<T extends object>(value: T): Compact<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Compact<T>;
}

/**
 * Starts an agent on its data directory. Throws DataDirLockedError when another agent uses the
 * directory. Nothing is delivered, and cached assignments of another key are not run, until the
 * server has said which node the key is (see identity.ts).
 */
export function startAgent(config: AgentConfig, deps: AgentDeps = {}): AgentHandle {
  const lock = lockDataDir(config.dataDir);
  try {
    return assembleAgent(config, deps, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function assembleAgent(config: AgentConfig, deps: AgentDeps, lock: DataDirLock): AgentHandle {
  const logger = deps.logger ?? createLogger(config.logLevel);
  const registry = deps.registry ?? CHECKS;
  const transportAbort = new AbortController();
  const transport = createTransport({
    serverUrl: config.serverUrl,
    key: config.key,
    signal: transportAbort.signal,
    logger,
    ...compact({ backoff: deps.backoff }),
  });
  const nodeFile = join(config.dataDir, 'node.json');
  const cacheFile = join(config.dataDir, 'assignments.json');
  const keyId = keyIdOf(config.key);
  const remembered = readRememberedNode(nodeFile);
  // Only what this very key registered is known to be its node's; anything else waits for the server.
  const knownKey = remembered?.keyId === keyId;
  let allowPrivateTargets = config.allowPrivate && knownKey && (remembered?.allowPrivateTargets ?? false);
  let stopReason: StopReason = 'stopped';
  let resolveStopped: (reason: StopReason) => void = () => undefined;
  const stopped = new Promise<StopReason>((resolve) => (resolveStopped = resolve));

  const configuredLimits = config.spoolMaxBytes === undefined ? DEFAULT_SPOOL_LIMITS : { ...DEFAULT_SPOOL_LIMITS, maxBytes: config.spoolMaxBytes };
  const spool = new Spool<ResultItem>(join(config.dataDir, 'spool'), deps.spoolLimits ?? configuredLimits);
  const onKeyRefused = (error: KeyRefusedError): void => {
    if (stopReason === 'key_refused') return;
    stopReason = 'key_refused';
    logger.error('key_refused', { message: error.message });
    void handle.stop();
  };
  const delivery = new Delivery({ spool, transport, logger, onKeyRefused, ...compact({ backoff: deps.backoff, onDelivered: deps.onDelivered }) });
  const batcher = new ResultBatcher(spool, {
    ...compact({ flushMs: deps.flushMs, maxResults: deps.maxBatchResults }),
    // At debug level each batch is logged with its size: what this agent produced, to compare with what the server stored.
    onSpooled: (batchId, results) => {
      logger.debug('spooled', { batchId, results });
      delivery.nudge();
    },
  });
  const icmpTool = new IcmpToolWatch(registry);
  const runner = new CheckRunner({
    concurrency: config.concurrency,
    allowPrivateTargets: () => allowPrivateTargets,
    onResult: (item) => {
      icmpTool.noteResult(item.result);
      batcher.add(item);
    },
    registry,
    logger,
    ...compact({ onLateness: deps.onLateness }),
  });
  const scheduler = new Scheduler<ScheduledAssignment>({
    onDue: (due, scheduledAt) => runner.runDue(due.map((entry) => entry.assignment), scheduledAt),
  });
  const book = new AssignmentBook({
    scheduler,
    cacheFile,
    ...compact({ minuteMs: deps.minuteMs }),
  });
  const jobs = new JobLoop({
    transport,
    logger,
    run: (options, onProgress) => runner.runJob(options, onProgress),
    onKeyRefused,
    ...compact({ waitMs: deps.jobWaitMs, backoff: deps.backoff }),
  });
  const sync = new Sync({
    transport,
    logger,
    book,
    announce: async () => ({ version: agentVersion(), capabilities: await detectCapabilities(), hostname: machineName() }),
    selfCheck: (registered) => runSelfCheck(registry, selfCheckPlanOf(config.serverUrl, registered), icmpTool),
    onRegistered: (answer) => {
      quarantineForeignData(remembered, answer, { dataDir: config.dataDir, spool, cacheFile, book, flush: () => batcher.flush(), logger });
      allowPrivateTargets = config.allowPrivate && answer.allowPrivateTargets;
      rememberNode(nodeFile, answer, keyId);
      logger.info('registered', { nodeId: answer.nodeId, node: answer.name, allowPrivateTargets, heartbeatSeconds: answer.heartbeatSeconds });
      delivery.start();
      jobs.start();
    },
    onKeyRefused,
    ...compact({ heartbeatMs: deps.heartbeatMs ?? (config.heartbeatSeconds === undefined ? undefined : config.heartbeatSeconds * 1000), backoff: deps.backoff }),
  });

  let stopping: Promise<void> | undefined;
  const handle: AgentHandle = {
    stopped,
    stop(options = {}) {
      stopping ??= (async () => {
        scheduler.stop();
        transportAbort.abort();
        await Promise.all([sync.stop(), jobs.stop(), runner.stop(), delivery.stop()]);
        transport.close();
        batcher.close(options.flush ?? true);
        lock.release();
        logger.info('stopped', { reason: stopReason, batchesWaiting: spool.size });
        resolveStopped(stopReason);
      })();
      return stopping;
    },
    status: () => ({
      registered: sync.registered !== null,
      nodeId: sync.registered?.nodeId ?? null,
      allowPrivateTargets,
      assignments: book.size,
      checksPending: runner.pending,
      checksSkipped: runner.skipped,
      resultsSpooled: batcher.spooled,
      resultsDelivered: delivery.stats.results,
      duplicateBatches: delivery.stats.duplicates,
      batchesWaiting: spool.size,
      unreadableBatchesDropped: spool.droppedBatches,
    }),
  };

  if (knownKey) book.loadCache();
  logger.info('starting', { server: config.serverUrl, dataDir: config.dataDir, concurrency: config.concurrency, cachedAssignments: book.size });
  scheduler.start();
  sync.start();
  return handle;
}
