import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../shared/calls/index.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import { registerCall } from '../../http/register-call.js';
import { callerLanguage } from '../alerts/request-language.js';
import { exportDomainRows } from './export.js';
import { listDomains } from './list.js';
import { monitorQty, searchDomains } from './overview.js';
import { domainOverview } from './overview-status.js';
import { quotePoints } from './points.js';
import { createDomainTask, deleteDomainTasks, domainInfo, updateDomainTask } from './service.js';
import { sslRoutes } from './ssl-routes.js';
import { traceRoutes } from './trace-routes.js';

function taskWriteRoutes(app: FastifyInstance): void {
  const { ICMP, TCP, HTTP, HTTPS, DNS } = MONITOR_TYPES;
  registerCall(app, CALLS.domainIcmpCreate, ({ ctx, principal, body }) => createDomainTask(ctx, principal.custId, ICMP, body));
  registerCall(app, CALLS.domainIcmpUpdate, ({ ctx, principal, body }) => updateDomainTask(ctx, principal.custId, ICMP, body));
  registerCall(app, CALLS.domainTcpCreate, ({ ctx, principal, body }) => createDomainTask(ctx, principal.custId, TCP, body));
  registerCall(app, CALLS.domainTcpUpdate, ({ ctx, principal, body }) => updateDomainTask(ctx, principal.custId, TCP, body));
  registerCall(app, CALLS.domainHttpCreate, ({ ctx, principal, body }) => createDomainTask(ctx, principal.custId, HTTP, body));
  registerCall(app, CALLS.domainHttpUpdate, ({ ctx, principal, body }) => updateDomainTask(ctx, principal.custId, HTTP, body));
  registerCall(app, CALLS.domainHttpsCreate, ({ ctx, principal, body }) => createDomainTask(ctx, principal.custId, HTTPS, body));
  registerCall(app, CALLS.domainHttpsUpdate, ({ ctx, principal, body }) => updateDomainTask(ctx, principal.custId, HTTPS, body));
  registerCall(app, CALLS.domainDnsCreate, ({ ctx, principal, body }) => createDomainTask(ctx, principal.custId, DNS, body));
  registerCall(app, CALLS.domainDnsUpdate, ({ ctx, principal, body }) => updateDomainTask(ctx, principal.custId, DNS, body));
}

export function domainRoutes(app: FastifyInstance): void {
  registerCall(app, CALLS.domainSearch, ({ ctx, principal, body }) => searchDomains(ctx, principal.custId, body));
  registerCall(app, CALLS.domainList, ({ ctx, principal, body }) => listDomains(ctx, principal.custId, body));
  registerCall(app, CALLS.domainExportRows, ({ ctx, principal, body, request }) => exportDomainRows(ctx, principal.custId, body, callerLanguage(request)));
  registerCall(app, CALLS.domainInfo, ({ ctx, principal, body }) => domainInfo(ctx, principal.custId, body.id));
  taskWriteRoutes(app);
  traceRoutes(app);
  sslRoutes(app);
  registerCall(app, CALLS.domainDelete, ({ ctx, principal, body }) => deleteDomainTasks(ctx, principal.custId, body.ids));
  registerCall(app, CALLS.domainMonitorQty, ({ ctx, principal }) => monitorQty(ctx, principal.custId));
  registerCall(app, CALLS.domainOverview, ({ ctx, principal, body }) => domainOverview(ctx, principal.custId, body));
  registerCall(app, CALLS.domainPointsQuote, ({ ctx, principal, body }) =>
    quotePoints(ctx, principal.custId, { frequencyMinutes: body.frequencyMinutes, nodeIds: body.nodeIds, taskId: body.id }),
  );
}
