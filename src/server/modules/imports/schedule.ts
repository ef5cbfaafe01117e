import type { FastifyInstance } from 'fastify';
import { ImportRunner, type ImportRunnerOptions } from './runner.js';

/** Even unwoken, the runner looks this often for processing jobs nobody runs (their instance stopped). */
const LOOK_AGAIN_MS = 60_000;

/** Starts the import runner with the app: it resumes every processing job; closing the app stops it after the row being written. */
export function scheduleImports(app: FastifyInstance, options: ImportRunnerOptions = {}): void {
  const runner = new ImportRunner(app.vigil, options);
  app.vigil.imports = runner;
  const timer = setInterval(() => runner.wake(), LOOK_AGAIN_MS);
  timer.unref();
  app.addHook('onReady', async () => runner.wake());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await runner.close();
  });
}
