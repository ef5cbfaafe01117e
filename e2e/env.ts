/** What the e2e servers are started with; tests read the same values. */

export const CHROMIUM_PATH = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';

/** Playwright workers running spec files side by side; each has servers of its own (e2eServers). */
export const E2E_WORKERS = Number(process.env.VIGIL_E2E_WORKERS ?? 2);

const BASE_PORT = Number(process.env.VIGIL_E2E_PORT ?? 18080);
const BASE_IDLE_PORT = Number(process.env.VIGIL_E2E_IDLE_PORT ?? BASE_PORT + 1);
const BASE_BOT_API_PORT = Number(process.env.VIGIL_E2E_BOT_API_PORT ?? BASE_IDLE_PORT + 1);
/** Ports a worker's servers take: the base ports, moved up this much for each further worker. */
const PORTS_PER_WORKER = 3;

/**
 * One worker's own servers: a main server with its Local agent, an idle server and a Bot API
 * peer, on its own ports and databases, so no spec sees the tasks, sessions or messages of a spec
 * running beside it. Slot 0 has the base ports.
 */
export function e2eServers(slot: number) {
  const shift = slot * PORTS_PER_WORKER;
  return {
    port: BASE_PORT + shift,
    /** A second server whose sessions go idle after a few seconds. */
    idlePort: BASE_IDLE_PORT + shift,
    /** The local Bot-API-shaped server (tests/support/bot-api-peer.ts) the main server sends alerts to. */
    botApiPort: BASE_BOT_API_PORT + shift,
    mainDataDir: `.tmp/e2e/worker-${slot}/main`,
    idleDataDir: `.tmp/e2e/worker-${slot}/idle`,
    /** The main server's own copy of the built console (scripts/e2e-server.mjs). */
    clientDir: `.tmp/e2e/worker-${slot}/client`,
  };
}

/** In a worker, Playwright's index of it among the workers running at once (0 in the runner itself). */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

export const E2E = {
  ...e2eServers(slot),
  idleSeconds: 10,
  botToken: '5550001:e2e-bot-token-abcdefghijklmnop',
  account: 'e2euser01',
  password: 'e2e-pass-01',
  adminAccount: 'e2eadmin01',
  adminPassword: 'e2e-admin-01',
  platformSecret: 'e2e-platform-secret-0123456789',
  platformUrl: 'http://platform.test/return',
  customerName: 'Demo Customer',
  /** The main server's import pacing (VIGIL_IMPORT_BATCH_*): a row, then a second's pause, so an import of n rows takes at least n - 1 seconds. */
  importBatchRows: 1,
  importBatchPauseMs: 1_000,
  /** The main server's Local agent heartbeats (and takes deployments) this often. */
  agentHeartbeatSeconds: 2,
} as const;

export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    VIGIL_PORT: String(port),
    VIGIL_HOST: '127.0.0.1',
    VIGIL_DATA_DIR: dataDir,
    VIGIL_LOG_LEVEL: 'warn',
    VIGIL_SEED_ACCOUNT: E2E.account,
    VIGIL_SEED_PASSWORD: E2E.password,
    VIGIL_SEED_ADMIN_ACCOUNT: E2E.adminAccount,
    VIGIL_SEED_ADMIN_PASSWORD: E2E.adminPassword,
    VIGIL_PLATFORM_SECRET: E2E.platformSecret,
    VIGIL_PLATFORM_URL: E2E.platformUrl,
    // Many tests sign the same account in; the limit itself is covered by the server tests.
    VIGIL_MAX_SESSIONS: '100',
    ...extra,
  };
}
