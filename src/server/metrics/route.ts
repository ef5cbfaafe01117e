import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error.js';
import { bearerToken } from '../modules/auth/authenticate.js';

export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

function tokenMatches(given: string | undefined, expected: string): boolean {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding VIGIL_METRICS_TOKEN as a Bearer
 * token. Without a configured token the path does not exist (404): the counts are the whole
 * provider's, not for a public console's visitors.
 */
export function registerMetricsRoute(app: FastifyInstance): void {
  const ctx = app.vigil;
  const expected = ctx.config.metricsToken;
  if (expected !== undefined) ctx.metrics?.collectProcessMetrics();
  app.get(METRICS_PATH, { logLevel: 'warn' }, async (request, reply) => {
    const metrics = ctx.metrics;
    if (expected === undefined || metrics === undefined) throw new AppError(404);
    if (!tokenMatches(bearerToken(request.headers.authorization), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401);
    }
    await metrics.refresh();
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
