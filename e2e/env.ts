/** What the e2e servers are started with; tests read the same values. */

export const CHROMIUM_PATH = process.env.VIGIL_CHROMIUM ?? '/usr/bin/chromium';

export const E2E = {
  port: Number(process.env.VIGIL_E2E_PORT ?? 18080),
  /** A second server whose sessions go idle after a few seconds. */
  idlePort: Number(process.env.VIGIL_E2E_IDLE_PORT ?? 18081),
  idleSeconds: 10,
  /** The local Bot-API-shaped server (tests/support/bot-api-peer.ts) the main server sends alerts to. */
  botApiPort: Number(process.env.VIGIL_E2E_BOT_API_PORT ?? Number(process.env.VIGIL_E2E_IDLE_PORT ?? 18081) + 1),
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
