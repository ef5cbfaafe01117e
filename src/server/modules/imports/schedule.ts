import type { FastifyInstance } from 'fastify';
import { ImportRunner, type ImportRunnerOptions } from './runner.js';

/** Starts the import runner with the app: it resumes every processing job; closing the app stops it after the row being written. */
export function scheduleImports(app: FastifyInstance, options: ImportRunnerOptions = {}): void {
  const runner = new ImportRunner(app.vigil, options);
  app.vigil.imports = runner;
  app.addHook('onReady', async () => runner.wake());
  app.addHook('onClose', async () => runner.close());
}
