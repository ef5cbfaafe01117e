export { TaskDetailPage } from './components/detail-page.js';
export { TraceDetailPage } from './components/trace-detail-page.js';
