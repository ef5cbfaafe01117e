// Starts a SQLite thread (the reader's, the checkpointer's: `workerData.source`) from its TypeScript
// source, through tsx, when the server runs from source (tsx, vitest); a bundled server starts the
// bundled worker instead (worker-thread.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.source, import.meta.url);
