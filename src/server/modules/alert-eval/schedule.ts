import type { FastifyInstance } from 'fastify';
import { AlertEvaluator } from './evaluator.js';

/** Deadlines pass without any call: this often the evaluator looks for rounds whose deadline passed. */
export const SWEEP_MS = 1_000;
/** Rules, tasks and nodes change without telling the evaluator: this often it reloads what it watches. */
export const REFRESH_MS = 10_000;

/**
 * Starts the alert evaluation with the app: the tracker is loaded (rounds that closed while the
 * server was down are evaluated by the first sweep), refreshed every REFRESH_MS, and swept every
 * SWEEP_MS (runs never overlap). `minuteMs` shortens rounds in tests, as agents' `minuteMs` does.
 */
export function scheduleAlertEvaluation(app: FastifyInstance, options: { minuteMs?: number } = {}): AlertEvaluator {
  const ctx = app.vigil;
  const evaluator = new AlertEvaluator(ctx, options);
  ctx.alertEval = evaluator;
  let lastRefresh = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  const refreshDue = (now: number) => now - lastRefresh >= REFRESH_MS || now < lastRefresh;
  const turn = async () => {
    const started = ctx.now();
    if (refreshDue(started)) {
      await evaluator.refresh();
      lastRefresh = started;
    }
    await evaluator.sweep();
  };
  // Most seconds nothing is due: those return before any promise is made (a turn each second was a
  // tenth of an idle server's CPU).
  const tick = () => {
    if (running) return;
    const now = ctx.now();
    if (!refreshDue(now) && !evaluator.hasOverdue(now)) return;
    running = turn()
      .catch((error: unknown) => ctx.log?.warn({ err: error }, 'alerts: evaluation sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  tick();
  const timer = setInterval(tick, SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await evaluator.whenIdle();
  });
  return evaluator;
}
