import type { FastifyRequest } from 'fastify';
import type { CallDefinition } from '../../shared/calls/define.js';
import { PLATFORM_OPERATOR_HEADER } from '../../shared/calls/platform-ops.js';
import type { ServerContext } from '../context.js';
import { recordAudit } from '../modules/operator/audit.js';
import { AppError } from './app-error.js';

const OPERATOR_MAX = 100;

/** Platform calls that change data are the ones the audit log keeps. */
export const isAudited = (call: CallDefinition) => call.access === 'platform' && call.mutation;

/** Who made the change: the `X-Platform-Operator` header (the admin command sends `--by` or the OS user), else "platform". */
function operatorOf(request: FastifyRequest): string {
  const given = request.headers[PLATFORM_OPERATOR_HEADER];
  const text = typeof given === 'string' ? given.trim().slice(0, OPERATOR_MAX) : '';
  return text === '' ? 'platform' : text;
}

/**
 * Runs an admitted platform mutation and logs it, done or refused (who, when, verb, target,
 * outcome): the one place every operator verb is audited, whoever defines it.
 */
export async function audited<T>(ctx: ServerContext, call: CallDefinition, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const record = (code: number) => recordAudit(ctx, { operator: operatorOf(request), callPath: call.path, body: request.body, code });
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    await record(error instanceof AppError ? error.code : 500);
    throw error;
  }
  await record(200);
  return answer;
}
