import type { FastifyInstance } from 'fastify';
import { AlertEvaluator } from './evaluator.js';

/** Deadlines pass without any call: this often the evaluator looks for rounds whose deadline passed. */
export const SWEEP_MS = 1_000;
/** Rules, tasks and nodes change without telling the evaluator: this often it reloads what it watches. */
export const REFRESH_MS = 10_000;

/**
 * Starts the alert evaluation with the app: the tracker is loaded (rounds that closed while the
 * server was down are evaluated by the first sweep), refreshed every REFRESH_MS, and swept every
 * SWEEP_MS while it tracks any task (runs never overlap). `minuteMs` shortens rounds in tests, as
 * agents' `minuteMs` does.
 */
export function scheduleAlertEvaluation(app: FastifyInstance, options: { minuteMs?: number } = {}): AlertEvaluator {
  const ctx = app.vigil;
  let timer: NodeJS.Timeout | undefined;
  let everyMs = 0;
  let closed = false;
  // With nothing tracked (no enabled rule) no round can fall due before the reload that starts
  // tracking, so the sweep then wakes only for the reloads: a wake-up a second cost about 0.02 ms
  // of CPU per check in the scale bench (docs/architecture.md, "Performance: CPU per check").
  const keepCadence = () => {
    const wanted = evaluator.tracking ? SWEEP_MS : REFRESH_MS;
    if (closed || wanted === everyMs) return;
    clearInterval(timer);
    everyMs = wanted;
    timer = setInterval(tick, wanted);
    timer.unref();
  };
  const evaluator = new AlertEvaluator(ctx, { ...options, onReloaded: keepCadence });
  ctx.alertEval = evaluator;
  let lastRefresh = Number.NEGATIVE_INFINITY;
  let running: Promise<void> | undefined;
  // Untracked, every tick is a reload's (its timer's jitter must not skip one).
  const refreshDue = (now: number) => !evaluator.tracking || now - lastRefresh >= REFRESH_MS || now < lastRefresh;
  const turn = async () => {
    const started = ctx.now();
    if (refreshDue(started)) {
      await evaluator.refresh();
      lastRefresh = started;
    }
    await evaluator.sweep();
  };
  // Most seconds nothing is due: those return before any promise is made.
  function tick(): void {
    if (running) return;
    const now = ctx.now();
    if (!refreshDue(now) && !evaluator.hasOverdue(now)) return;
    running = turn()
      .catch((error: unknown) => ctx.log?.warn({ err: error }, 'alerts: evaluation sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }
  tick();
  keepCadence();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    await running;
    await evaluator.whenIdle();
  });
  return evaluator;
}
