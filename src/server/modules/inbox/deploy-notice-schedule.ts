import type { FastifyInstance } from 'fastify';
import { runExclusively } from '../../db/exclusive.js';
import { pruneNotices } from './deploy-notices-repo.js';
import { announceDeploymentOutcomes } from './deploy-notices.js';

/** Deadlines pass without any call; this often the server looks for rounds that ended that way. */
export const NOTICE_SWEEP_MS = 10_000;
/** Each sweep looks back over the previous one by this much (a change committed while it read). */
const OVERLAP_MS = 60_000;
/** After a start, rounds that ended this recently are still told (the server may have been down). */
const STARTUP_LOOKBACK_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 3_600_000;
const NOTICE_KEEP_MS = 86_400_000;
/** One instance sweeps at a time; another's turn passes (rounds are claimed once anyway, this saves the reads). */
export const NOTICE_SWEEP_SECTION = 'deploy-notice-sweep';

/**
 * Runs the deployment-outcome sweep every NOTICE_SWEEP_MS while the app is open (runs never
 * overlap, nor with another instance's); an agent's acknowledgement tells its completed rounds at once without waiting for it.
 */
export function scheduleDeploymentNotices(app: FastifyInstance): void {
  const ctx = app.vigil;
  let since = ctx.now() - STARTUP_LOOKBACK_MS;
  let lastPrune = 0;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    const started = ctx.now();
    await announceDeploymentOutcomes(ctx, since);
    since = started - OVERLAP_MS;
    if (started - lastPrune >= PRUNE_EVERY_MS) {
      await pruneNotices(ctx.db, started - NOTICE_KEEP_MS);
      lastPrune = started;
    }
  };
  const timer = setInterval(() => {
    running ??= runExclusively(ctx.db, NOTICE_SWEEP_SECTION, sweep)
      .then(() => undefined)
      .catch((error: unknown) => ctx.log?.warn({ err: error }, 'inbox: deployment sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, NOTICE_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
