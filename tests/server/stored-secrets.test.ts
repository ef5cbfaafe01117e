import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { generateVapidKeyText } from '../../src/server/modules/push/vapid.js';
import { ensureVapidKeys, VAPID_KEYS_FILE } from '../../src/server/modules/push/vapid-keys.js';
import { ensurePlatformSecret, PLATFORM_SECRET_FILE } from '../../src/server/security/platform-secret.js';
import { START_TIME } from './helpers.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

const dirs: string[] = [];
const databases: TestDatabase[] = [];
const handles: Db[] = [];
const newDir = (prefix = 'vigil-secrets-') => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
/** Another instance's data dir (empty unless the test writes into it). */
const otherDataDir = () => newDir('vigil-secrets-other-');

/** Each test on a database of its own (the secrets are generated once per database); `again` opens another pool on it. */
async function freshDatabase(): Promise<{ db: Db; dir: string; again: () => Db }> {
  const dir = newDir();
  const database = await createTestDatabase(dir);
  databases.push(database);
  const open = () => {
    const handle = database.open();
    handles.push(handle);
    return handle;
  };
  const db = open();
  await migrateToLatest(db);
  return { db, dir, again: open };
}
afterAll(async () => {
  for (const handle of handles.splice(0)) await handle.destroy();
  for (const database of databases.splice(0)) await database.drop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const storedRows = (db: Db) => db.selectFrom('server_secrets').select(['name', 'value']).orderBy('name').execute();

describe('the platform secret, when none is configured', () => {
  it('is generated once into the database, shown as new only then, and written to no data dir', async () => {
    const { db, dir } = await freshDatabase();
    const first = await ensurePlatformSecret(db, dir, undefined, START_TIME);
    expect(first.created).toBe(true);
    expect(first.secret.length).toBeGreaterThanOrEqual(32);
    expect(await ensurePlatformSecret(db, otherDataDir(), undefined, START_TIME)).toEqual({ secret: first.secret, created: false });
    expect(existsSync(join(dir, PLATFORM_SECRET_FILE))).toBe(false);
    expect(await storedRows(db)).toEqual([{ name: 'platform_secret', value: first.secret }]);
  });

  it('is the same for instances starting together, and only one of them shows it as new', async () => {
    const { db, dir, again } = await freshDatabase();
    const starts = await Promise.all([db, again(), again()].map((handle) => ensurePlatformSecret(handle, dir, undefined, START_TIME)));
    expect(new Set(starts.map((start) => start.secret)).size).toBe(1);
    expect(starts.filter((start) => start.created)).toHaveLength(1);
  });

  it("moves a data dir's secret from before into the database, keeping its value and the file", async () => {
    const { db, dir } = await freshDatabase();
    writeFileSync(join(dir, PLATFORM_SECRET_FILE), 'kept-secret-from-the-file-0123456789\n', { mode: 0o600 });
    expect(await ensurePlatformSecret(db, dir, undefined, START_TIME)).toEqual({ secret: 'kept-secret-from-the-file-0123456789', created: false });
    expect(await ensurePlatformSecret(db, otherDataDir(), undefined, START_TIME)).toEqual({ secret: 'kept-secret-from-the-file-0123456789', created: false });
    expect(readFileSync(join(dir, PLATFORM_SECRET_FILE), 'utf8')).toBe('kept-secret-from-the-file-0123456789\n');
  });

  it("uses the database's over another data dir's file, and names that file so the start can warn", async () => {
    const { db, dir } = await freshDatabase();
    const first = await ensurePlatformSecret(db, dir, undefined, START_TIME);
    const other = otherDataDir();
    writeFileSync(join(other, PLATFORM_SECRET_FILE), 'another-instance-own-secret-0123456789\n');
    expect(await ensurePlatformSecret(db, other, undefined, START_TIME)).toEqual({
      secret: first.secret,
      created: false,
      ignoredFile: join(other, PLATFORM_SECRET_FILE),
    });
  });

  it('gives way to VIGIL_PLATFORM_SECRET, storing nothing', async () => {
    const { db, dir } = await freshDatabase();
    expect(await ensurePlatformSecret(db, dir, 'configured-secret-value', START_TIME)).toEqual({ secret: 'configured-secret-value', created: false });
    expect(await storedRows(db)).toEqual([]);
  });
});

describe('the VAPID key pair, when none is configured', () => {
  it('is generated once into the database and the same for every data dir', async () => {
    const { db, dir } = await freshDatabase();
    const first = await ensureVapidKeys(db, dir, undefined, START_TIME);
    expect(first.keys.publicKey).toMatch(/^B[\w-]{86}$/);
    expect((await ensureVapidKeys(db, otherDataDir(), undefined, START_TIME)).keys.publicKey).toBe(first.keys.publicKey);
    expect(existsSync(join(dir, VAPID_KEYS_FILE))).toBe(false);
  });

  it("moves a data dir's pair from before into the database, so subscribed browsers keep working", async () => {
    const { db, dir } = await freshDatabase();
    const pair = generateVapidKeyText();
    writeFileSync(join(dir, VAPID_KEYS_FILE), `${JSON.stringify(pair, null, 2)}\n`, { mode: 0o600 });
    expect(await ensureVapidKeys(db, dir, undefined, START_TIME)).toEqual({ keys: expect.objectContaining({ publicKey: pair.publicKey }) });
    expect((await ensureVapidKeys(db, otherDataDir(), undefined, START_TIME)).keys.publicKey).toBe(pair.publicKey);
    const other = otherDataDir();
    writeFileSync(join(other, VAPID_KEYS_FILE), JSON.stringify(generateVapidKeyText()));
    expect(await ensureVapidKeys(db, other, undefined, START_TIME)).toMatchObject({ keys: { publicKey: pair.publicKey }, ignoredFile: join(other, VAPID_KEYS_FILE) });
  });

  it('gives way to VIGIL_VAPID_PUBLIC_KEY/_PRIVATE_KEY, storing nothing', async () => {
    const { db, dir } = await freshDatabase();
    const pair = generateVapidKeyText();
    expect((await ensureVapidKeys(db, dir, pair, START_TIME)).keys.publicKey).toBe(pair.publicKey);
    expect(await storedRows(db)).toEqual([]);
  });
});
