// npm run bench [-- --quick] [-- --json]: performance figures measured side by side in one run.
// Absolute numbers move with the machine; ratios and targets are what changes are judged by.
// Each line: `name: value unit (target)`; --json prints [{name, value, unit, target, better}].
import { parseOptions, printFigures } from './bench/report.js';
import { probeCheckFigures } from './bench/probes-checks.js';
import { probesScaleFigures } from './bench/probes-scale.js';
import { serverFigures } from './bench/server.js';

const options = parseOptions(process.argv.slice(2));
printFigures([...(await serverFigures(options)), ...(await probeCheckFigures(options)), ...(await probesScaleFigures(options))], options);
