import type { FastifyInstance } from 'fastify';
import { API_BASE, CALLS } from '../../../shared/calls/index.js';
import { successEnvelope } from '../../../shared/envelope.js';
import { buildOpenApi } from '../../http/openapi.js';

export const API_VERSION = '0.1.0';

/** Public endpoints outside the call table: liveness and the OpenAPI document. */
export function systemRoutes(app: FastifyInstance): void {
  let document: Record<string, unknown> | undefined;
  app.get(`${API_BASE}/health`, async () => {
    await app.vigil.db.selectFrom('customers').select('id').limit(1).execute();
    return successEnvelope({ status: 'ok', time: new Date(app.vigil.now()).toISOString() });
  });
  app.get(`${API_BASE}/docs`, async () => {
    document ??= buildOpenApi(CALLS, API_VERSION);
    return document;
  });
}
