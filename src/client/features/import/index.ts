// What every session screen runs (the session layout): the watch of a processing import and the
// banner of the task screens. The screen itself is screen.ts, loaded with its first visit.
export { ImportLockBanner } from './components/lock-banner.js';
export { useImportWatch } from './use-import-watch.js';
