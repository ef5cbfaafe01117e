// An e2e main server (playwright.config.ts): its own copy of the built console at VIGIL_CLIENT_DIR,
// because the PWA spec rewrites the service worker file to offer a new version and must not offer
// it to the specs another worker runs at the same time; then `npm start`'s own script.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

const clientDir = process.env.VIGIL_CLIENT_DIR;
if (!clientDir) throw new Error('VIGIL_CLIENT_DIR is not set');
rmSync(clientDir, { recursive: true, force: true });
cpSync(join(root, 'dist/client'), clientDir, { recursive: true });
await import('./start.mjs');
