import { readFileSync } from 'node:fs';
import { ConfigError, type PushConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { PushSender } from './sender.js';
import { ensureVapidKeys } from './vapid-keys.js';

export interface PushSetup {
  sender: PushSender;
  vapidPublicKey: string;
}

function readExtraCa(file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`VIGIL_PUSH_EXTRA_CA_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}): ${file}`);
  }
}

/** The VAPID key pair (configured, else shared by every instance through the database) and the sender using it. */
export async function setUpPush(
  config: { dataDir: string; push: PushConfig },
  deps: { db: Db; now: () => number; log: { warn: (fields: object, message: string) => void } },
): Promise<PushSetup> {
  const { keys, ignoredFile } = await ensureVapidKeys(deps.db, config.dataDir, config.push.vapidKeys, deps.now());
  if (ignoredFile !== undefined) deps.log.warn({ file: ignoredFile }, 'this data dir holds another VAPID key pair than the database; the database\'s is used');
  const sender = new PushSender({
    ...deps,
    keys,
    subject: config.push.vapidSubject,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    extraCa: readExtraCa(config.push.extraCaFile),
  });
  return { sender, vapidPublicKey: keys.publicKey };
}
