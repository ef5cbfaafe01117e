import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH, E2E, E2E_WORKERS, e2eServers, serverEnv } from './e2e/env.js';

// Each run starts from empty databases: scripts/e2e.mjs clears .tmp/e2e before Playwright starts.
// `npm start`'s own script: the server and, unless switched off, a probe agent for the Local node.
const server = (port: number, dataDir: string, extra: Record<string, string> = {}, command = 'node scripts/start.mjs') => ({
  command,
  url: `http://127.0.0.1:${port}/api/health`,
  env: serverEnv(port, dataDir, { VIGIL_AGENT_DATA_DIR: `${dataDir}/agent`, ...extra }),
  reuseExistingServer: false,
  timeout: 60_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
});

/** A worker's servers (e2e/env.ts e2eServers): each worker runs its spec files against its own. */
function workerServers(slot: number) {
  const own = e2eServers(slot);
  return [
    // Alert messages go to a local Bot-API-shaped server; tests read them at /__peer/messages (e2e/bot-api.ts).
    {
      command: `node --import tsx tests/support/bot-api-peer-main.ts --port ${own.botApiPort} --token ${E2E.botToken}`,
      url: `http://127.0.0.1:${own.botApiPort}/__peer/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    // The monitor flow probes servers the tests start on 127.0.0.1 (e2e/local-targets.ts).
    // Imports go a row a second (e2e/env.ts): one of forty rows stays processing long enough to be
    // watched and locked against, whatever the machine's speed.
    server(own.port, own.mainDataDir, {
      VIGIL_IMPORT_BATCH_ROWS: String(E2E.importBatchRows),
      VIGIL_IMPORT_BATCH_PAUSE_MS: String(E2E.importBatchPauseMs),
      VIGIL_LOCAL_AGENT_ALLOW_PRIVATE: '1',
      // The Local agent takes a deployment at its next heartbeat: every 2 s rather than the server's
      // 30, so a flow waits for the agent seconds, not half a minute (what it asserts is the same).
      VIGIL_AGENT_HEARTBEAT_SECONDS: String(E2E.agentHeartbeatSeconds),
      // The SSL chain checker's own connections from the server reach the spec's loopback targets too.
      VIGIL_SSL_CHAIN_ALLOW_PRIVATE_TARGETS: '1',
      VIGIL_TELEGRAM_BOT_TOKEN: E2E.botToken,
      VIGIL_TELEGRAM_API_BASE: `http://127.0.0.1:${own.botApiPort}`,
      VIGIL_CLIENT_DIR: own.clientDir,
    }, 'node scripts/e2e-server.mjs'),
    server(own.idlePort, own.idleDataDir, { VIGIL_IDLE_SECONDS: String(E2E.idleSeconds), VIGIL_LOCAL_AGENT: 'off' }),
  ];
}

export default defineConfig({
  testDir: 'e2e',
  // Spec files run side by side, one worker each; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    // In a worker, E2E is that worker's own servers (TEST_PARALLEL_INDEX, read when the worker loads this file).
    baseURL: `http://127.0.0.1:${E2E.port}`,
    locale: 'zh-TW',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
        },
      },
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, slot) => workerServers(slot)).flat(),
});
