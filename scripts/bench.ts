// npm run bench [-- --quick] [-- --json]: performance figures measured side by side in one run.
// Absolute numbers move with the machine; ratios and targets are what changes are judged by.
// Each line: `name: value unit (target)`; --json prints [{name, value, unit, target, better}];
// --only server,probes.tcp runs just the sections whose names start with those.
import { alertsFigures } from './bench/alerts.js';
import { alertsDeliveryFigures } from './bench/alerts-delivery.js';
import { faultsFigures } from './bench/faults.js';
import { importsFigures } from './bench/imports.js';
import { parseOptions, printFigures, wants } from './bench/report.js';
import { probeCheckFigures } from './bench/probes-checks.js';
import { probesScaleFigures } from './bench/probes-scale.js';
import { pwaBundleFigures } from './bench/pwa-bundle.js';
import { pwaOfflineFigures } from './bench/pwa-offline.js';
import { serverFigures } from './bench/server.js';
import { tasksConsoleFigures } from './bench/tasks-console.js';
import { tasksDetailFigures } from './bench/tasks-detail.js';
import { tasksListFigures } from './bench/tasks-list.js';

const options = parseOptions(process.argv.slice(2));
printFigures([...(wants(options, 'server') ? await serverFigures(options) : []), ...(await probeCheckFigures(options)), ...(await probesScaleFigures(options)), ...(wants(options, 'tasks.detail') ? await tasksDetailFigures(options) : []), ...(wants(options, 'tasks.list') ? await tasksListFigures(options) : []), ...(wants(options, 'tasks.console') ? await tasksConsoleFigures(options) : []), ...(wants(options, 'pwa.initial_js') ? await pwaBundleFigures(options) : []), ...(wants(options, 'pwa.offline') ? await pwaOfflineFigures(options) : []), ...(wants(options, 'alerts.ingest') ? await alertsFigures(options) : []), ...(wants(options, 'alerts.delivery') ? await alertsDeliveryFigures(options) : []), ...(wants(options, 'import') ? await importsFigures(options) : []), ...(wants(options, 'faults.agent_cutoff') ? await faultsFigures(options) : [])], options);
