// The import screen's code, loaded with its first visit (app/screen-loaders.ts); index.ts is the
// part every session screen runs (the watch and the lock banner).
export { ImportPage } from './components/import-page.js';
