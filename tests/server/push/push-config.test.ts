import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { ConfigError, loadConfig } from '../../../src/server/config.js';
import { DB_FILE_NAME, openDatabase } from '../../../src/server/db/connection.js';
import { migrateToLatest } from '../../../src/server/db/migrations/index.js';
import { generateVapidKeyText } from '../../../src/server/modules/push/vapid.js';
import { VAPID_KEYS_FILE } from '../../../src/server/modules/push/vapid-keys.js';
import { SEED, createTestServer, testEnv } from '../helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-push-config-'));
  dirs.push(dir);
  return dir;
}

/** Builds the app on a fresh database and answers the error it fails with (or undefined). */
async function buildError(env: Record<string, string>): Promise<unknown> {
  const dir = tempDir();
  const db = openDatabase(join(dir, DB_FILE_NAME));
  try {
    await migrateToLatest(db);
    const app = await buildApp({ ...loadConfig(testEnv(dir, env)), platformSecret: SEED.platformSecret }, { db, logger: false });
    await app.close();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await db.destroy();
  }
}

describe('push settings', () => {
  it('default the VAPID subject to the https public URL, else a mailto: at its host', () => {
    expect(loadConfig({ VIGIL_PUBLIC_URL: 'https://vigil.example.com/' }).push.vapidSubject).toBe('https://vigil.example.com');
    expect(loadConfig({}).push.vapidSubject).toBe('mailto:admin@localhost');
    expect(loadConfig({ VIGIL_VAPID_SUBJECT: 'mailto:ops@example.com' }).push.vapidSubject).toBe('mailto:ops@example.com');
    expect(loadConfig({}).push).toMatchObject({ vapidKeys: undefined, allowPrivateEndpoints: false, extraCaFile: undefined });
  });

  it.each([
    ['VIGIL_VAPID_SUBJECT', 'ops@example.com'],
    ['VIGIL_VAPID_SUBJECT', 'http://vigil.example.com'],
    ['VIGIL_PUSH_ALLOW_PRIVATE_ENDPOINTS', 'maybe'],
    ['VIGIL_VAPID_PUBLIC_KEY', generateVapidKeyText().publicKey],
  ])('refuse %s=%s', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [key]: value })).toThrow(key);
  });

  it('refuse keys that are not base64url P-256 keys', () => {
    const keys = generateVapidKeyText();
    expect(() => loadConfig({ VIGIL_VAPID_PUBLIC_KEY: keys.publicKey.slice(1), VIGIL_VAPID_PRIVATE_KEY: keys.privateKey })).toThrow('VIGIL_VAPID_PUBLIC_KEY');
    expect(() => loadConfig({ VIGIL_VAPID_PUBLIC_KEY: keys.publicKey, VIGIL_VAPID_PRIVATE_KEY: `${keys.privateKey}x` })).toThrow('VIGIL_VAPID_PRIVATE_KEY');
  });

  it('use the key pair given by the environment and write none to the data dir', async () => {
    const keys = generateVapidKeyText();
    const server = await createTestServer({ VIGIL_VAPID_PUBLIC_KEY: keys.publicKey, VIGIL_VAPID_PRIVATE_KEY: keys.privateKey });
    try {
      const token = await server.login();
      expect((await server.call('/push/key', { token })).json().data.publicKey).toBe(keys.publicKey);
      expect(existsSync(join(server.dir, VAPID_KEYS_FILE))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('stop the start when the given keys are not one pair, or the extra CA file cannot be read', async () => {
    const one = generateVapidKeyText();
    const other = generateVapidKeyText();
    expect(await buildError({ VIGIL_VAPID_PUBLIC_KEY: one.publicKey, VIGIL_VAPID_PRIVATE_KEY: other.privateKey })).toBeInstanceOf(ConfigError);
    const missingCa = await buildError({ VIGIL_PUSH_EXTRA_CA_FILE: join(tempDir(), 'missing.pem') });
    expect(missingCa).toBeInstanceOf(ConfigError);
    expect(String(missingCa)).toContain('VIGIL_PUSH_EXTRA_CA_FILE');
  });
});
