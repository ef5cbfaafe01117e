import { MONITOR_TYPES } from '../../../shared/codes.js';
import { LIMITS } from '../../../shared/constants.js';
import { CheckOptions, DNS_RECORD_TYPES, type CheckOptionsInput } from '../../../shared/probe/options.js';
import type { TaskFields } from './task-input.js';

type OptionFields = Pick<TaskFields, 'type' | 'domain' | 'port' | 'otherPath' | 'protocol' | 'dnsServers'>;

/** The request path of an HTTP(S) task: "other path" with a leading slash; '/' when empty. */
export function requestPathOf(otherPath: string): string {
  const trimmed = otherPath.trim();
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Whether the request path fits the limit once its leading slash is added. */
export function requestPathFits(otherPath: string): boolean {
  return requestPathOf(otherPath).length <= LIMITS.pathMax;
}

function recordTypeOf(protocol: string): (typeof DNS_RECORD_TYPES)[number] {
  const upper = protocol.trim().toUpperCase();
  return (DNS_RECORD_TYPES as readonly string[]).includes(upper) ? (upper as (typeof DNS_RECORD_TYPES)[number]) : 'A';
}

// Port 0 (or none) on HTTP, HTTPS and SSL means the protocol's default port.
const explicitPort = (port: number | null) => (port === null || port === 0 ? undefined : port);

function optionsInputOf(task: OptionFields): CheckOptionsInput | undefined {
  const host = task.domain.trim();
  switch (task.type) {
    case MONITOR_TYPES.ICMP:
      return { type: task.type, host };
    case MONITOR_TYPES.TCP:
      if (task.port === null) return undefined;
      return { type: task.type, host, port: task.port };
    case MONITOR_TYPES.HTTP:
    case MONITOR_TYPES.HTTPS: {
      const port = explicitPort(task.port);
      return { type: task.type, host, path: requestPathOf(task.otherPath), ...(port === undefined ? {} : { port }) };
    }
    case MONITOR_TYPES.DNS:
      return { type: task.type, host, servers: task.dnsServers, recordType: recordTypeOf(task.protocol) };
    case MONITOR_TYPES.TRACEROUTE:
      return { type: task.type, host };
    case MONITOR_TYPES.SSL: {
      const port = explicitPort(task.port);
      return { type: task.type, host, ...(port === undefined ? {} : { port }) };
    }
  }
}

/** The options an agent runs for a task, parsed (defaults filled) with the shared schema. */
export function checkOptionsOf(task: OptionFields): CheckOptions {
  const options = runnableCheckOptionsOf(task);
  if (!options) throw new Error(`task fields do not make runnable ${String(task.type)} check options`);
  return options;
}

/** The options an agent runs for a task; undefined when the stored task cannot make valid ones. */
export function runnableCheckOptionsOf(task: OptionFields): CheckOptions | undefined {
  const parsed = CheckOptions.safeParse(optionsInputOf(task));
  return parsed.success ? parsed.data : undefined;
}
