import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { runExclusively } from './db/exclusive.js';
import { ALERT_LOG_DAYS, pruneAlertLog, type AlertPruneCounts } from './modules/alert-delivery/prune.js';
import { pruneJobs } from './modules/agents/jobs-prune.js';
import { pruneSupersededDeployments, SUPERSEDED_DEPLOYMENT_DAYS } from './modules/deployments/prune.js';
import { MTR_RUN_RETENTION_DAYS, pruneMtrRuns } from './modules/mtr/prune.js';
import { FINISHED_IMPORT_DAYS, pruneFinishedImports, type ImportPruneCounts } from './modules/imports/prune.js';
import { pruneResults, type PruneCounts, type RetentionDays } from './results/index.js';

export const PRUNE_INTERVAL_MS = 10 * 60_000;
/** The section every instance's pruning runs under: one prunes at a time, the others pass their turn. */
export const PRUNE_SECTION = 'prune';

export interface PruneSchedule {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop: () => Promise<void>;
}

type RetentionConfig = Pick<Config, 'resultRetentionDays' | 'traceRetentionDays' | 'minuteRollupRetentionDays' | 'hourRollupRetentionDays'>;

function retentionDaysOf(config: RetentionConfig): Partial<RetentionDays> {
  return {
    raw: config.resultRetentionDays,
    trace: config.traceRetentionDays,
    minute: config.minuteRollupRetentionDays,
    hour: config.hourRollupRetentionDays,
  };
}

const DAY_MS = 86_400_000;

/**
 * Each owner prunes its own tables: results and rollups (the results module), finished on-demand
 * jobs (kept as long as raw results), superseded deployment rows, the alert log and finished
 * imports (their modules).
 */
async function pruneAll(db: Db, config: RetentionConfig, now: number): Promise<PruneCounts & { jobs: number; deployments: number; alerts: AlertPruneCounts; imports: ImportPruneCounts; mtrRuns: number }> {
  const results = await pruneResults(db, now, retentionDaysOf(config));
  const jobs = await pruneJobs(db, now - config.resultRetentionDays * DAY_MS);
  const deployments = await pruneSupersededDeployments(db, now - SUPERSEDED_DEPLOYMENT_DAYS * DAY_MS);
  const alerts = await pruneAlertLog(db, now - ALERT_LOG_DAYS * DAY_MS);
  const imports = await pruneFinishedImports(db, now - FINISHED_IMPORT_DAYS * DAY_MS);
  const mtrRuns = await pruneMtrRuns(db, now - MTR_RUN_RETENTION_DAYS * DAY_MS);
  return { ...results, jobs, deployments, alerts, imports, mtrRuns };
}

/**
 * Prunes results, rollups, jobs, old deployments, the alert log and finished imports past retention
 * now and every 10 minutes; runs never overlap, nor with another instance's (which then does it).
 */
export function schedulePruning(db: Db, config: RetentionConfig, log: FastifyBaseLogger, now: () => number = Date.now): PruneSchedule {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= runExclusively(db, PRUNE_SECTION, () => pruneAll(db, config, now()))
      .then(
        (outcome) => (outcome.ran ? log.info({ pruned: outcome.value }, 'pruned results past retention') : log.info({ pruned: 'elsewhere' }, 'another instance prunes now')),
        (error: unknown) => log.error({ err: error }, 'pruning results failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(run, PRUNE_INTERVAL_MS);
  timer.unref();
  run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
