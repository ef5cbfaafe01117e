export { callNameOf } from './call-names.js';
export { createMetrics, type Metrics } from './recorder.js';
export { METRICS_PATH, registerMetricsRoute } from './route.js';
