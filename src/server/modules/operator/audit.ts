import type { z } from 'zod';
import type { AuditEntry, AuditListBody } from '../../../shared/calls/platform-ops.js';
import type { OperatorContext } from './records.js';

/** Body fields never written to the log: what a secret is made of. */
const SECRET_FIELD = /password|secret|token|key$/i;
const TARGET_MAX = 1_000;

/** What the log keeps of a body JSON cannot write out (nested thousands of levels deep). */
export const UNWRITABLE_TARGET = '(too deeply nested to log)';

/** At most 1,000 characters of the value as JSON; a value nested too deeply to write out is logged as such. */
function cutJson(value: unknown): string {
  try {
    return JSON.stringify(value).slice(0, TARGET_MAX);
  } catch {
    return UNWRITABLE_TARGET;
  }
}

/** The body's fields as the log keeps them: secrets left out, at most 1,000 characters. */
export function auditTarget(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body === undefined ? '' : cutJson(body);
  const kept = Object.entries(body as Record<string, unknown>).filter(([field]) => !SECRET_FIELD.test(field));
  return cutJson(Object.fromEntries(kept));
}

export interface AuditRecord {
  operator: string;
  callPath: string;
  body: unknown;
  /** 200 when done, else the refusal's catalogue code. */
  code: number;
}

export async function recordAudit(ctx: OperatorContext, record: AuditRecord): Promise<void> {
  await ctx.db
    .insertInto('platform_audit')
    .values({ created_at: ctx.now(), operator: record.operator, call_path: record.callPath, target: auditTarget(record.body), code: record.code })
    .execute();
}

export async function listAudit(ctx: OperatorContext, body: z.output<typeof AuditListBody> | undefined): Promise<{ entries: AuditEntry[] }> {
  let query = ctx.db.selectFrom('platform_audit').selectAll().orderBy('id', 'desc').limit(body?.limit ?? 50);
  if (body?.before !== undefined) query = query.where('id', '<', body.before);
  if (body?.call !== undefined && body.call !== '') query = query.where('call_path', '=', body.call);
  const rows = await query.execute();
  return {
    entries: rows.map((row) => ({ id: row.id, at: new Date(row.created_at).toISOString(), operator: row.operator, call: row.call_path, target: row.target, code: row.code })),
  };
}
