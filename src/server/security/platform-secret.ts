import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newToken } from './tokens.js';

export const PLATFORM_SECRET_FILE = 'platform-secret';

export interface PlatformSecret {
  secret: string;
  /** True when this call generated it (the first start): the caller prints it once. */
  created: boolean;
}

/** The configured secret, else the one kept in the data dir, else a new one written there (0600). */
export function ensurePlatformSecret(dataDir: string, configured: string | undefined): PlatformSecret {
  if (configured !== undefined) return { secret: configured, created: false };
  const file = join(dataDir, PLATFORM_SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length > 0) return { secret: stored, created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = newToken();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, created: true };
}
