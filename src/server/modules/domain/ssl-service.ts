import type { DomainDeleteAnswer } from '../../../shared/calls/domain.js';
import type { DomainInfo } from '../../../shared/calls/domain-list.js';
import { SSL_DEFAULT_PORT, type SslCreateBody, type SslUpdateBody } from '../../../shared/calls/domain-trace-ssl.js';
import { MONITOR_TYPES } from '../../../shared/codes.js';
import { AppError } from '../../http/app-error.js';
import { getTask } from '../tasks/service.js';
import type { StoreContext } from '../tasks/store-context.js';
import { createDomainTask, deleteDomainTasks, updateDomainTask } from './service.js';

/**
 * SSL certificate tasks (type 7), written through the same verbs as types 1-5 (points, duplicates,
 * deployments). The port is stored as checked: left out or 0 is 443, so the list, the duplicates
 * rule and the agent all see the same port.
 */

const SSL = MONITOR_TYPES.SSL;

const portOf = (port: number | undefined) => (port === undefined || port === 0 ? SSL_DEFAULT_PORT : port);

export function createSslTask(ctx: StoreContext, custId: number, body: SslCreateBody): Promise<DomainInfo> {
  return createDomainTask(ctx, custId, SSL, { ...body, port: portOf(body.port) });
}

export function updateSslTask(ctx: StoreContext, custId: number, body: SslUpdateBody): Promise<DomainInfo> {
  const { port, ...rest } = body;
  return updateDomainTask(ctx, custId, SSL, port === undefined ? rest : { ...rest, port: portOf(port) });
}

/** Deletes SSL tasks all or none: an id that is not the customer's SSL task is 2127 before anything changes. */
export async function deleteSslTasks(ctx: StoreContext, custId: number, ids: readonly number[]): Promise<DomainDeleteAnswer> {
  for (const id of new Set(ids)) {
    if ((await getTask(ctx, custId, id)).type !== SSL) throw new AppError(2127);
  }
  return deleteDomainTasks(ctx, custId, ids);
}
