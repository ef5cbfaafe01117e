import { CALLS, type CallDefinition } from '../../shared/calls/index.js';
import { PLATFORM_SECRET_HEADER } from '../../shared/calls/platform.js';
import { PLATFORM_OPERATOR_HEADER } from '../../shared/calls/platform-ops.js';
import type { FieldError } from '../../shared/envelope.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { openConfiguredDatabase } from '../db/open.js';
import { migrateToLatest } from '../db/migrations/index.js';
import { seedNodeCatalogueIfEmpty } from '../db/node-catalogue.js';
import { newToken } from '../security/tokens.js';

/** Every operator verb: the platform calls named `/platform/<noun>/<verb>`, in the call table's order. */
export function platformVerbs(): { noun: string; verb: string; call: CallDefinition }[] {
  return Object.values(CALLS as Record<string, CallDefinition>)
    .filter((call) => call.access === 'platform')
    .flatMap((call) => {
      const [, platform, noun, verb, ...rest] = call.path.split('/');
      return platform === 'platform' && noun && verb && rest.length === 0 ? [{ noun, verb, call }] : [];
    });
}

export function findVerb(noun: string, verb: string): CallDefinition | undefined {
  return platformVerbs().find((entry) => entry.noun === noun && entry.verb === verb)?.call;
}

export type VerbOutcome = { ok: true; data: unknown } | { ok: false; code: number; errors: FieldError[] };

/**
 * Makes one platform call in-process, through the very route the API serves: the app built on the
 * data dir's database without background loops, called with `inject`. The running server (if any)
 * shares the SQLite file, so a suspension ends sessions there at their next call. The secret is a
 * one-off in memory: the call never leaves this process, and the data dir's secret stays untouched.
 */
export async function runVerb(config: Config, call: CallDefinition, body: unknown, operator: string): Promise<VerbOutcome> {
  const db = openConfiguredDatabase(config);
  try {
    await migrateToLatest(db);
    await seedNodeCatalogueIfEmpty(db, Date.now());
    const secret = newToken();
    const app = await buildApp({ ...config, platformSecret: secret }, { db, logger: false, background: false });
    try {
      const response = await app.inject({
        method: call.method,
        url: `/api${call.path}`,
        headers: { [PLATFORM_SECRET_HEADER]: secret, [PLATFORM_OPERATOR_HEADER]: operator, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      const envelope = response.json<{ status: boolean; code: number; data: unknown }>();
      if (envelope.status) return { ok: true, data: envelope.data };
      const errors = (envelope.data as { errors?: FieldError[] } | null)?.errors ?? [];
      return { ok: false, code: envelope.code, errors };
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
  }
}
