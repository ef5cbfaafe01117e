// Scale figures of the probe pipeline, measured side by side in one run: one agent carrying many
// one-minute tasks (CPU, memory, schedule lateness), result ingest with rollups into SQLite, and
// dashboard reads over millions of stored results. `--quick` runs smaller sizes, named in each figure.
import { wants, type BenchOptions, type Figure } from './report.js';
import { agentLoadFigures } from './probes-scale/agent-load.js';
import { ingestFigures } from './probes-scale/ingest.js';
import { storeQueryFigures } from './probes-scale/queries.js';

export async function probesScaleFigures(options: BenchOptions): Promise<Figure[]> {
  return [
    ...(wants(options, 'probes.ingest') ? await ingestFigures(options) : []),
    ...(wants(options, 'probes.store') ? await storeQueryFigures(options) : []),
    ...(wants(options, 'probes.agent') ? await agentLoadFigures(options) : []),
  ];
}
