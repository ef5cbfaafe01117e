// npm run dev: Vite with hot reload for the console and tsx watch for the server, side by side.
// Open the Vite URL; it proxies /api to the server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root, superviseChildren } from './lib.mjs';

const server = spawn(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
const vite = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' });
superviseChildren([server, vite]);
