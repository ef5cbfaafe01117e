// npm run bench [-- --quick] [-- --json]: performance figures measured side by side in one run.
// Absolute numbers move with the machine; ratios and targets are what changes are judged by.
// Each line: `name: value unit (target)`; --json prints [{name, value, unit, target, better}];
// --only server,probes.tcp runs just the sections whose names start with those.
import { alertsFigures } from './bench/alerts.js';
import { alertsDeliveryFigures } from './bench/alerts-delivery.js';
import { fuzzFigures } from './bench/fuzz.js';
import { faultsFigures } from './bench/faults.js';
import { importsFigures } from './bench/imports.js';
import { loadFigures } from './bench/load.js';
import { loadReadsFigures } from './bench/load-reads.js';
import { parseOptions, printFigures, wants, type BenchOptions, type Figure } from './bench/report.js';
import { probeCheckFigures } from './bench/probes-checks.js';
import { probesScaleFigures } from './bench/probes-scale.js';
import { scaleFigures } from './bench/scale.js';
import { pwaBundleFigures } from './bench/pwa-bundle.js';
import { pwaOfflineFigures } from './bench/pwa-offline.js';
import { serverFigures } from './bench/server.js';
import { tasksConsoleFigures } from './bench/tasks-console.js';
import { tasksDetailFigures } from './bench/tasks-detail.js';
import { tasksListFigures } from './bench/tasks-list.js';

const options = parseOptions(process.argv.slice(2));
const sections: [string, (options: BenchOptions) => Promise<Figure[]>][] = [
  ['server', serverFigures],
  ['tasks.detail', tasksDetailFigures],
  ['tasks.list', tasksListFigures],
  ['tasks.console', tasksConsoleFigures],
  ['pwa.initial_js', pwaBundleFigures],
  ['pwa.offline', pwaOfflineFigures],
  ['alerts.ingest', alertsFigures],
  ['alerts.delivery', alertsDeliveryFigures],
  ['import', importsFigures],
  ['load', loadFigures],
  ['load_reads', loadReadsFigures],
  ['fuzz', fuzzFigures],
  ['faults', faultsFigures],
];

// The probe sections choose their own parts of --only; every other section runs when wanted, in this order.
const figures = [...(await probeCheckFigures(options)), ...(await probesScaleFigures(options)), ...(await scaleFigures(options))];
for (const [name, run] of sections) if (wants(options, name)) figures.push(...(await run(options)));
printFigures(figures, options);
