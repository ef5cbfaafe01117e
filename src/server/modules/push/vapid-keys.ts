import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { generateVapidKeyText, vapidKeysOf, type VapidKeys } from './vapid.js';

export const VAPID_KEYS_FILE = 'vapid-keys.json';

const StoredKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });

function readStored(file: string): z.infer<typeof StoredKeys> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = StoredKeys.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} does not hold a VAPID key pair; remove it to generate a new one`);
  return parsed.data;
}

/**
 * The configured key pair, else the one kept in the data dir, else a new one written there (0600).
 * Keeping it matters: every browser subscribed with the public key, and a new key orphans them all.
 */
export function ensureVapidKeys(dataDir: string, configured: { publicKey: string; privateKey: string } | undefined): VapidKeys {
  if (configured) return vapidKeysOf(configured.publicKey, configured.privateKey);
  const file = join(dataDir, VAPID_KEYS_FILE);
  const stored = readStored(file);
  if (stored) return vapidKeysOf(stored.publicKey, stored.privateKey);
  mkdirSync(dataDir, { recursive: true });
  const created = generateVapidKeyText();
  try {
    writeFileSync(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another start wrote it first: theirs is the one browsers will subscribe with.
    const theirs = (error as NodeJS.ErrnoException).code === 'EEXIST' ? readStored(file) : undefined;
    if (!theirs) throw error;
    return vapidKeysOf(theirs.publicKey, theirs.privateKey);
  }
  chmodSync(file, 0o600);
  return vapidKeysOf(created.publicKey, created.privateKey);
}
