import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { ResolvedConfig, ServerContext } from './context.js';
import type { Db } from './db/connection.js';
import { clientDirIfBuilt, registerClientFiles } from './http/client-files.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './http/error-handler.js';
import { PATH_PARAM_MAX_LENGTH } from './http/error-mapper.js';
import { contextLog, loggerOptions, requestIdOptions, registerRequestIds } from './http/logging.js';
import { refusingNulText } from './http/nul-text.js';
import { createMetrics, registerMetricsRoute } from './metrics/index.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerMultipart } from './http/upload-input.js';
import { accountRoutes } from './modules/account/routes.js';
import { alertDeliveryRoutes } from './modules/alert-delivery/routes.js';
import { scheduleAlertDelivery } from './modules/alert-delivery/sender.js';
import { alertRoutes } from './modules/alerts/routes.js';
import { relayJobSignals } from './modules/agents/job-signal-relay.js';
import { JobSignals } from './modules/agents/job-signals.js';
import { agentRoutes } from './modules/agents/routes.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { scheduleAlertEvaluation } from './modules/alert-eval/schedule.js';
import { authRoutes } from './modules/auth/routes.js';
import { deploymentRoutes } from './modules/deployments/routes.js';
import { domainRoutes } from './modules/domain/routes.js';
import { domainDetailRoutes } from './modules/domain-detail/routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { groupRoutes } from './modules/groups/routes.js';
import { scheduleDeploymentNotices } from './modules/inbox/deploy-notice-schedule.js';
import { importFileRoutes } from './modules/import-file/index.js';
import { inboxRoutes } from './modules/inbox/routes.js';
import { mtrRoutes } from './modules/mtr/routes.js';
import { importRoutes } from './modules/imports/routes.js';
import { scheduleImports } from './modules/imports/schedule.js';
import type { ImportRunnerOptions } from './modules/imports/runner.js';
import { newsRoutes } from './modules/news/routes.js';
import { nodeRoutes } from './modules/nodes/routes.js';
import { operatorRoutes } from './modules/operator/routes.js';
import { platformRoutes } from './modules/platform/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { registerPush } from './modules/push/routes.js';
import { sslChainRoutes } from './modules/ssl-chain/routes.js';
import { systemRoutes } from './modules/system/routes.js';

export interface BuildOptions {
  /** An open, migrated database; the caller closes it after the app. */
  db: Db;
  /** Epoch-milliseconds clock; tests move it. */
  now?: () => number;
  /** Fastify logger option; tests pass false. */
  logger?: FastifyServerOptions['logger'];
  /** Length of an alert round's minute in ms (60,000; tests shorten it as they shorten agents'). */
  alertMinuteMs?: number;
  /** The import runner's batch size and, for tests, a hold before each batch. */
  imports?: ImportRunnerOptions;
  /**
   * false: no background loops (deployment notices, alert rounds and delivery, imports), for a
   * short-lived app that only answers calls (`npm run admin`). Default true.
   */
  background?: boolean;
}

function scheduleBackground(app: FastifyInstance, config: Config, options: BuildOptions): void {
  if (options.background === false) return;
  scheduleDeploymentNotices(app);
  scheduleAlertEvaluation(app, options.alertMinuteMs === undefined ? {} : { minuteMs: options.alertMinuteMs });
  scheduleAlertDelivery(app);
  scheduleImports(app, { batchRows: config.importBatchRows, batchPauseMs: config.importBatchPauseMs, ...options.imports });
}

/** Fastify trusts no hop count (it cannot tell a proxy from a client), so hops become a predicate. */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Empty JSON bodies count as no body, so body-less POSTs with a JSON content type work; text holding
 * NUL is refused (http/nul-text.ts).
 */
function registerJsonParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, refusingNulText(text, done));
  });
}

/** Builds the whole API server (and the console's files when built); main.ts only starts it. */
export async function buildApp(config: ResolvedConfig, options: BuildOptions): Promise<FastifyInstance> {
  const ctx: ServerContext = {
    db: options.db,
    config,
    now: options.now ?? Date.now,
    deployDeadlineMs: config.deployDeadlineSeconds * 1000,
    resultRetentionDays: config.resultRetentionDays,
    traceRetentionDays: config.traceRetentionDays,
    jobSignals: new JobSignals(),
  };
  ctx.metrics = createMetrics(options.db, () => ctx.now());
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    ...requestIdOptions(),
  });
  registerRequestIds(app);
  ctx.log = contextLog(app.log);
  app.decorate('vigil', ctx);
  // Held long polls answer at once, so closing never waits for them.
  app.addHook('preClose', (done) => {
    ctx.jobSignals.close();
    done();
  });
  registerSecurityHeaders(app);
  registerJsonParser(app);
  await registerMultipart(app, config.bodyLimitBytes);
  const clientDir = clientDirIfBuilt(config.clientDir);
  registerErrorHandling(app, clientDir);
  if (clientDir !== undefined) await registerClientFiles(app, clientDir);
  const routeGroups = [systemRoutes, authRoutes, platformRoutes, profileRoutes, inboxRoutes, accountRoutes, nodeRoutes, agentRoutes, deploymentRoutes];
  const featureRoutes = [
    domainRoutes,
    domainDetailRoutes,
    groupRoutes,
    alertRoutes,
    alertDeliveryRoutes,
    importFileRoutes,
    importRoutes,
    apiKeyRoutes,
    mtrRoutes,
    sslChainRoutes,
    feedbackRoutes,
    newsRoutes,
    operatorRoutes,
  ];
  for (const routes of [...routeGroups, ...featureRoutes])
    routes(app);
  await registerPush(app);
  registerMetricsRoute(app);
  relayJobSignals(app, { listen: options.background !== false });
  scheduleBackground(app, config, options);
  await app.ready();
  return app;
}
