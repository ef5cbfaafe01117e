import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { registerCall } from '../../http/register-call.js';
import { callerLanguage } from '../alerts/request-language.js';
import { writeTemplate } from './write-files.js';

/** The template download: in the asked language, else the caller's console language (its `lang` cookie). */
export function importFileRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainImportTemplate, ({ ctx, body, request }) => writeTemplate(body?.language ?? callerLanguage(request), ctx.now()));
}
