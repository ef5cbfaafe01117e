import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { badParameter, fieldError } from '../../http/app-error.js';
import { registerCall } from '../../http/register-call.js';
import { callerLanguage } from '../alerts/request-language.js';
import { checkImports, completedImportDetail, completedImports, failedRowsFile, importProgress } from './queries.js';
import { startImport } from './start.js';

export function importRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainImport, async ({ ctx, principal, request, upload }) => {
    if (!upload) throw badParameter([fieldError('file', 10010002)]);
    const answer = await startImport(ctx, principal, upload, callerLanguage(request));
    ctx.imports?.wake();
    return answer;
  });
  registerCall(app, CALLS.domainTaskProgress, ({ ctx, principal, body }) => importProgress(ctx, principal, body.sno));
  registerCall(app, CALLS.domainTaskCompleted, ({ ctx, principal, body }) => completedImports(ctx, principal, body.snolist));
  registerCall(app, CALLS.domainTaskCompletedDetail, ({ ctx, principal, body }) => completedImportDetail(ctx, principal, body.sno));
  registerCall(app, CALLS.domainImportFailedFile, ({ ctx, principal, body }) => failedRowsFile(ctx, principal, body.sno));
  registerCall(app, CALLS.domainCheckTask, ({ ctx, principal }) => checkImports(ctx, principal));
}
