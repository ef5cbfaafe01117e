import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { DB_FILE_NAME, openDatabase, type Db } from '../../src/server/db/connection.js';
import { localNodeDns } from '../../src/server/db/migrations/0010-local-node-dns.js';
import { migrateToLatest } from '../../src/server/db/migrations/index.js';
import { seedIfEmpty } from '../../src/server/db/seed.js';

describe('migration 0010: the Local node without a public DNS server', () => {
  let dir: string;
  let db: Db;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vigil-local-dns-'));
    db = openDatabase(join(dir, DB_FILE_NAME));
    await migrateToLatest(db);
    await seedIfEmpty(db, loadConfig({ VIGIL_DATA_DIR: dir }));
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const dnsOf = async (slug: string) => (await db.selectFrom('nodes').select('dns_server').where('slug', '=', slug).executeTakeFirstOrThrow()).dns_server;

  it('seeds the Local node with none, so its self-check skips the node DNS step offline', async () => {
    expect(await dnsOf('local')).toBe('');
  });

  it("clears the old seed's public resolver from the Local node and leaves every other value alone", async () => {
    const catalogueNode = await db.selectFrom('nodes').select(['slug', 'dns_server']).where('slug', '!=', 'local').where('dns_server', '!=', '').executeTakeFirstOrThrow();
    const catalogueSlug = catalogueNode.slug ?? '';
    await db.updateTable('nodes').set({ dns_server: '1.1.1.1' }).where('slug', '=', 'local').execute();
    await localNodeDns.up(db);
    expect(await dnsOf('local')).toBe('');
    expect(await dnsOf(catalogueSlug)).toBe(catalogueNode.dns_server);

    await db.updateTable('nodes').set({ dns_server: '10.0.0.53' }).where('slug', '=', 'local').execute();
    await localNodeDns.up(db);
    expect(await dnsOf('local')).toBe('10.0.0.53');
  });
});
