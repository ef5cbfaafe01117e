// The e2e part of `npm test`: Debian's Chromium (installed with apt-get when missing and allowed),
// a fresh production build of the console and the server's and agent's bundles (built here once,
// before Playwright starts a server per worker), then Playwright against the real servers.
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildAgentIfStale } from './build-agent.mjs';
import { buildServerIfStale } from './build-server.mjs';
import { buildConsoleIfStale, root, run } from './lib.mjs';

const chromium = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`Chromium not found at ${chromium}. Install Debian's package (sudo apt-get install chromium) or set VIGIL_CHROMIUM.`);
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages …');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

ensureChromium();
await Promise.all([buildConsoleIfStale(), buildServerIfStale(), buildAgentIfStale()]);
rmSync(join(root, '.tmp/e2e'), { recursive: true, force: true });
await run(process.execPath, [join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)], {
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
}).catch(() => process.exit(1));
