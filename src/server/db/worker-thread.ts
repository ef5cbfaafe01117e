import { Worker } from 'node:worker_threads';

/** The SQLite threads' entries, each bundled beside the server's bundle (scripts/build-server.mjs). */
export type DbWorkerName = 'sqlite-read-worker' | 'sqlite-checkpoint-worker';

/**
 * Starts one of the SQLite threads: in a bundle, the bundled worker beside it; from source (tsx,
 * vitest), its TypeScript through a small tsx starter, as Node 20 cannot load it alone.
 */
export function startDbWorker(name: DbWorkerName, workerData: object): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${name}.mjs`, here), { workerData });
  const source = new URL(`./${name}.ts`, here).href;
  return new Worker(new URL('./sqlite-read-worker-tsx.mjs', here), { workerData: { ...workerData, source } });
}
