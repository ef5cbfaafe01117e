import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';
import { pruneResults, type RetentionDays } from './retention.js';

export const PRUNE_INTERVAL_MS = 10 * 60_000;

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

/** Prunes results, rollups, jobs and old deployments past retention now and every 10 minutes; runs never overlap. */
export function schedulePruning(db: Db, config: RetentionConfig, log: FastifyBaseLogger, now: () => number = Date.now): PruneSchedule {
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pruneResults(db, now(), retentionDaysOf(config))
      .then(
        (counts) => log.info({ pruned: counts }, 'pruned results past retention'),
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
