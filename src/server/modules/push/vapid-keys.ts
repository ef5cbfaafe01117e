import { join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { legacyFileText, storedSecret } from '../../security/stored-secrets.js';
import { generateVapidKeyText, vapidKeysOf, type VapidKeys } from './vapid.js';

/** Where versions before the database kept the pair (migration 0029): still read, to move it over. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

const StoredKeys = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) });
type KeyText = z.infer<typeof StoredKeys>;

const keyText = (keys: KeyText) => JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey });

function parsedKeys(text: string, where: string): KeyText {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = StoredKeys.safeParse(json);
  if (!parsed.success) throw new ConfigError(`VAPID keys: ${where} does not hold a VAPID key pair`);
  return parsed.data;
}

function readLegacyFile(file: string): string | undefined {
  const text = legacyFileText(file);
  return text === undefined ? undefined : keyText(parsedKeys(text, `${file} (remove it to use the database's pair)`));
}

/** The pair as signing keys; a pair whose halves do not belong together stops the start. */
function pairOf(keys: KeyText, where: string): VapidKeys {
  try {
    return vapidKeysOf(keys.publicKey, keys.privateKey);
  } catch (error) {
    throw new ConfigError(`VAPID keys (${where}): ${error instanceof Error ? error.message : String(error)}`);
  }
}

export interface EnsuredVapidKeys {
  keys: VapidKeys;
  /** The data dir's file when it holds another pair than the database's (which is the one used). */
  ignoredFile?: string;
}

/**
 * The configured key pair, else the one every instance shares through the database (moved there
 * from the data dir's file on the first start of this version, else generated once). Keeping it
 * matters: every browser subscribed with the public key, and a new key orphans them all.
 */
export async function ensureVapidKeys(
  db: Db,
  dataDir: string,
  configured: KeyText | undefined,
  now: number,
): Promise<EnsuredVapidKeys> {
  if (configured) return { keys: pairOf(configured, 'VIGIL_VAPID_PUBLIC_KEY, VIGIL_VAPID_PRIVATE_KEY') };
  const file = join(dataDir, VAPID_KEYS_FILE);
  const stored = await storedSecret(db, 'vapid_keys', { legacy: () => readLegacyFile(file), generate: () => keyText(generateVapidKeyText()), now });
  const where = 'the database (server_secrets)';
  return { keys: pairOf(parsedKeys(stored.value, where), where), ...(stored.legacyDiffers ? { ignoredFile: file } : {}) };
}
