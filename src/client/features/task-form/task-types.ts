import {
  DnsCreateBody,
  HttpCreateBody,
  HttpsCreateBody,
  IcmpCreateBody,
  MONITOR_TYPES,
  SSL_DEFAULT_PORT,
  SslCreateBody,
  TcpCreateBody,
  TracerouteCreateBody,
} from '../../../shared/index.js';

/** The monitor types these forms create and edit: 1-5 and SSL at create/{type}, traceroute at createtrace. */
export const FORM_TASK_TYPES = [
  MONITOR_TYPES.ICMP,
  MONITOR_TYPES.TCP,
  MONITOR_TYPES.HTTP,
  MONITOR_TYPES.HTTPS,
  MONITOR_TYPES.DNS,
  MONITOR_TYPES.TRACEROUTE,
  MONITOR_TYPES.SSL,
] as const;
export type FormTaskType = (typeof FORM_TASK_TYPES)[number];

export function isFormTaskType(value: number): value is FormTaskType {
  return (FORM_TASK_TYPES as readonly number[]).includes(value);
}

/** Which of the §3 fields a type's form shows, and the shared schema its create call validates with. */
export interface TaskTypeSpec {
  schema:
    | typeof IcmpCreateBody
    | typeof TcpCreateBody
    | typeof HttpCreateBody
    | typeof HttpsCreateBody
    | typeof DnsCreateBody
    | typeof TracerouteCreateBody
    | typeof SslCreateBody;
  hasPort: boolean;
  /** TCP: a task without a port is refused (2130). */
  portRequired: boolean;
  hasPath: boolean;
  isDns: boolean;
  /** The port HTTP/HTTPS/SSL use when none is given. */
  defaultPort: number | null;
  /** Matching IPs and a matched-IP group (types 1-5; a route or a certificate has no answer to match). */
  hasMatching: boolean;
  /** Only nodes whose agent has traceroute can run the task (/domain/traceresource). */
  needsTraceroute: boolean;
}

const plain = { hasPort: false, portRequired: false, hasPath: false, isDns: false, defaultPort: null, hasMatching: true, needsTraceroute: false };

export const TASK_TYPE_SPECS: Readonly<Record<FormTaskType, TaskTypeSpec>> = {
  [MONITOR_TYPES.ICMP]: { ...plain, schema: IcmpCreateBody },
  [MONITOR_TYPES.TCP]: { ...plain, schema: TcpCreateBody, hasPort: true, portRequired: true },
  [MONITOR_TYPES.HTTP]: { ...plain, schema: HttpCreateBody, hasPort: true, hasPath: true, defaultPort: 80 },
  [MONITOR_TYPES.HTTPS]: { ...plain, schema: HttpsCreateBody, hasPort: true, hasPath: true, defaultPort: 443 },
  [MONITOR_TYPES.DNS]: { ...plain, schema: DnsCreateBody, isDns: true },
  [MONITOR_TYPES.TRACEROUTE]: { ...plain, schema: TracerouteCreateBody, hasMatching: false, needsTraceroute: true },
  [MONITOR_TYPES.SSL]: { ...plain, schema: SslCreateBody, hasPort: true, defaultPort: SSL_DEFAULT_PORT, hasMatching: false },
};
