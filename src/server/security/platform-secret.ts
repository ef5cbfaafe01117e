import { join } from 'node:path';
import type { Db } from '../db/connection.js';
import { legacyFileText, storedSecret } from './stored-secrets.js';
import { newToken } from './tokens.js';

/** Where versions before the database kept it (migration 0029): still read once, to move it over. */
export const PLATFORM_SECRET_FILE = 'platform-secret';

export interface PlatformSecret {
  secret: string;
  /** True when this start generated it (the first start of any instance): the caller prints it once. */
  created: boolean;
  /** The data dir's file when it holds another secret than the database's (which is the one used). */
  ignoredFile?: string;
}

function readLegacyFile(file: string): string | undefined {
  const stored = legacyFileText(file)?.trim();
  return stored ? stored : undefined;
}

/**
 * The configured secret, else the one every instance shares through the database (moved there
 * from the data dir's file on the first start of this version, else generated once).
 */
export async function ensurePlatformSecret(db: Db, dataDir: string, configured: string | undefined, now: number): Promise<PlatformSecret> {
  if (configured !== undefined) return { secret: configured, created: false };
  const file = join(dataDir, PLATFORM_SECRET_FILE);
  const stored = await storedSecret(db, 'platform_secret', { legacy: () => readLegacyFile(file), generate: newToken, now });
  return { secret: stored.value, created: stored.created, ...(stored.legacyDiffers ? { ignoredFile: file } : {}) };
}
