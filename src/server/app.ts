import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { ResolvedConfig, ServerContext } from './context.js';
import { DB_FILE_NAME, openDatabase, type Db } from './db/connection.js';
import { migrateToLatest } from './db/migrations.js';
import { clientDirIfBuilt, registerClientFiles } from './http/client-files.js';
import { registerErrorHandling } from './http/error-handler.js';
import { accountRoutes } from './modules/account/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { platformRoutes } from './modules/platform/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { ensurePlatformSecret } from './security/platform-secret.js';

export interface BuildOptions {
  /** An open, migrated database; when absent the app opens (and migrates) the data dir's file and closes it on close. */
  db?: Db;
  /** Epoch-milliseconds clock; tests move it. */
  now?: () => number;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
}

function loggerOption(config: Config, logger: BuildOptions['logger']): FastifyServerOptions['logger'] {
  if (logger !== undefined) return logger;
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers["x-platform-secret"]', 'req.body'], censor: '[redacted]' },
  };
}

/** Empty JSON bodies count as no body, so body-less POSTs with a JSON content type work. */
function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** Builds the whole API server (and the console's files when built); main.ts only starts it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const ownsDb = options.db === undefined;
  const db = options.db ?? openDatabase(join(config.dataDir, DB_FILE_NAME));
  if (ownsDb) await migrateToLatest(db);
  const resolved: ResolvedConfig = {
    ...config,
    platformSecret: ensurePlatformSecret(config.dataDir, config.platformSecret).secret,
  };
  const ctx: ServerContext = { db, config: resolved, now: options.now ?? Date.now };
  const app = Fastify({ logger: loggerOption(config, options.logger), bodyLimit: config.bodyLimitBytes, trustProxy: false });
  app.decorate('vigil', ctx);
  if (ownsDb) app.addHook('onClose', async () => db.destroy());
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
  });
  registerJsonParser(app);
  const clientDir = clientDirIfBuilt(config.clientDir);
  registerErrorHandling(app, clientDir);
  if (clientDir !== undefined) await registerClientFiles(app, clientDir);
  for (const routes of [systemRoutes, authRoutes, platformRoutes, profileRoutes, inboxRoutes, accountRoutes]) routes(app);
  await app.ready();
  return app;
}
