import { readFileSync } from 'node:fs';
import type { Db } from '../db/connection.js';

/** The secrets the server generates when none is configured, one row each in `server_secrets`. */
export type SecretName = 'platform_secret' | 'vapid_keys';

export interface SecretSources {
  /** The value a data dir kept before the database did (read on every start, to tell when it differs). */
  legacy: () => string | undefined;
  generate: () => string;
  now: number;
}

export interface StoredSecret {
  value: string;
  /** True when this start generated it (no instance had, no data dir held one): the caller may show it once. */
  created: boolean;
  /** True when the data dir holds another value than the database's: the database's is used. */
  legacyDiffers: boolean;
}

/** A data dir's file of a version before the database kept the secret: its text, or undefined when there is none. */
export function legacyFileText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function readSecret(db: Db, name: SecretName): Promise<string | undefined> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/**
 * The database's secret, else the data dir's (moved into the database on this first start), else a
 * new one. Written once by whichever instance gets there first (insert … on conflict do nothing),
 * then read back, so instances starting together all answer the winner's.
 */
export async function storedSecret(db: Db, name: SecretName, sources: SecretSources): Promise<StoredSecret> {
  const legacy = sources.legacy();
  const existing = await readSecret(db, name);
  if (existing !== undefined) return { value: existing, created: false, legacyDiffers: legacy !== undefined && legacy !== existing };
  const candidate = legacy ?? sources.generate();
  await db
    .insertInto('server_secrets')
    .values({ name, value: candidate, created_at: sources.now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const value = await readSecret(db, name);
  if (value === undefined) throw new Error(`the server secret ${name} was written but cannot be read back`);
  return { value, created: legacy === undefined && value === candidate, legacyDiffers: legacy !== undefined && legacy !== value };
}
