import { MONITOR_TYPES } from '../../../shared/codes.js';
import type { FieldError } from '../../../shared/envelope.js';
import { isLocalOnlyHost } from '../../../shared/validation/target-address.js';
import type { Db } from '../../db/connection.js';
import { AppError, badParameter, fieldError } from '../../http/app-error.js';
import { requestPathOf } from '../tasks/check-options.js';
import { hostKeyOf, type Task } from '../tasks/task-model.js';

type TargetFields = Pick<Task, 'type' | 'domain' | 'port' | 'otherPath' | 'protocol'>;

const DEFAULT_PORTS: Partial<Record<number, number>> = { [MONITOR_TYPES.HTTP]: 80, [MONITOR_TYPES.HTTPS]: 443 };

/**
 * What a task of its type watches: the host (any case), and what else the check depends on (TCP:
 * port; HTTP/HTTPS: port, the default one however written, and request path; DNS: record type;
 * SSL: port, none or 0 counting as 443).
 * Two live tasks of a customer with the same type and target are duplicates (2125).
 */
export function targetKeyOf(task: TargetFields): string {
  const host = hostKeyOf(task.domain);
  switch (task.type) {
    case MONITOR_TYPES.TCP:
      return JSON.stringify([host, task.port]);
    case MONITOR_TYPES.HTTP:
    case MONITOR_TYPES.HTTPS: {
      const port = task.port === null || task.port === 0 ? DEFAULT_PORTS[task.type] : task.port;
      return JSON.stringify([host, port, requestPathOf(task.otherPath)]);
    }
    case MONITOR_TYPES.DNS:
      return JSON.stringify([host, (task.protocol.trim() || 'A').toUpperCase()]);
    case MONITOR_TYPES.SSL:
      return JSON.stringify([host, task.port === null || task.port === 0 ? 443 : task.port]);
    default:
      return JSON.stringify([host]);
  }
}

/**
 * 2125 when another live task of the customer, of the same type, watches the same target. Hosts
 * are folded in JS, not SQL (SQL's lower() folds ASCII only, and domains may be IDN): the stored
 * `target_host` picks the few candidates through an index, the rest of the target is compared here.
 */
export async function assertNoDuplicate(db: Db, task: Task): Promise<void> {
  const candidates = await db
    .selectFrom('tasks')
    .select(['type', 'domain', 'port', 'other_path', 'protocol'])
    .where('cust_id', '=', task.custId)
    .where('type', '=', task.type)
    .where('target_host', '=', hostKeyOf(task.domain))
    .where('deleted_at', 'is', null)
    .where('id', '!=', task.id)
    .execute();
  const key = targetKeyOf(task);
  const duplicate = candidates.some(
    (row) => targetKeyOf({ type: task.type, domain: row.domain, port: row.port, otherPath: row.other_path, protocol: row.protocol }) === key,
  );
  if (duplicate) throw new AppError(2125);
}

/** A matched-IP group must be one of the customer's own (1001, matchedIpGroupId 10010003). */
export async function assertOwnIpGroup(db: Db, task: Pick<Task, 'custId' | 'matchedIpGroupId'>): Promise<void> {
  if (task.matchedIpGroupId === null) return;
  const group = await db
    .selectFrom('ip_groups')
    .select('id')
    .where('id', '=', task.matchedIpGroupId)
    .where('cust_id', '=', task.custId)
    .executeTakeFirst();
  if (!group) throw badParameter([fieldError('matchedIpGroupId', 10010003)]);
}

/** The host of a DNS server entry: `ip`, `ip:port`, `[ipv6]` or `[ipv6]:port`. */
function dnsServerHost(entry: string): string {
  const text = entry.trim();
  if (text.startsWith('[')) return text.slice(1, text.indexOf(']'));
  return text.split(':').length === 2 ? (text.split(':')[0] ?? '') : text;
}

/** The fields whose target stays on the node's network: where a check sends its packets. */
function localOnlyTargets(task: Pick<Task, 'type' | 'domain' | 'dnsServers'>): FieldError[] {
  // A DNS check sends its queries to the task's servers; the name it asks about is not probed.
  if (task.type === MONITOR_TYPES.DNS) {
    return task.dnsServers.flatMap((server, index) => (isLocalOnlyHost(dnsServerHost(server)) ? [fieldError(`dnsServers.${index}`, 10010003)] : []));
  }
  return isLocalOnlyHost(task.domain) ? [fieldError('domain', 10010003)] : [];
}

const NAMED_NODES_MAX = 10;

/**
 * 2140 when the task aims at a loopback, private or link-local address (an address literal or
 * `localhost`) and any of its nodes may not probe such targets: that node would be charged for
 * checks its agent refuses. The message names the nodes that may (their operator allowed private
 * targets), empty when none does; `data.errors` says which field holds the target. Names that
 * resolve to such addresses are judged by the agent when it checks, as before.
 */
export async function assertPrivateTargetAllowed(db: Db, task: Pick<Task, 'type' | 'domain' | 'dnsServers' | 'nodeIds'>): Promise<void> {
  const targets = localOnlyTargets(task);
  if (targets.length === 0 || task.nodeIds.length === 0) return;
  const refusing = await db
    .selectFrom('nodes')
    .select('id')
    .where('id', 'in', task.nodeIds)
    .where('allow_private_targets', '=', 0)
    .executeTakeFirst();
  if (!refusing) return;
  const allowed = await db.selectFrom('nodes').select('name').where('allow_private_targets', '!=', 0).orderBy('name').orderBy('id').limit(NAMED_NODES_MAX + 1).execute();
  const names = allowed.slice(0, NAMED_NODES_MAX).map((node) => node.name);
  const message = allowed.length > NAMED_NODES_MAX ? `${names.join(', ')}, …` : names.join(', ');
  throw new AppError(2140, { message, data: { errors: targets } });
}
