import {
  DnsCreateBody,
  HttpCreateBody,
  HttpsCreateBody,
  IcmpCreateBody,
  MONITOR_TYPES,
  TcpCreateBody,
} from '../../../shared/index.js';

/** The monitor types these forms create and edit (traceroute and SSL have screens of their own). */
export const FORM_TASK_TYPES = [MONITOR_TYPES.ICMP, MONITOR_TYPES.TCP, MONITOR_TYPES.HTTP, MONITOR_TYPES.HTTPS, MONITOR_TYPES.DNS] as const;
export type FormTaskType = (typeof FORM_TASK_TYPES)[number];

export function isFormTaskType(value: number): value is FormTaskType {
  return (FORM_TASK_TYPES as readonly number[]).includes(value);
}

/** Which of the §3 fields a type's form shows, and the shared schema its create call validates with. */
export interface TaskTypeSpec {
  schema: typeof IcmpCreateBody | typeof TcpCreateBody | typeof HttpCreateBody | typeof HttpsCreateBody | typeof DnsCreateBody;
  hasPort: boolean;
  /** TCP: a task without a port is refused (2130). */
  portRequired: boolean;
  hasPath: boolean;
  isDns: boolean;
  /** The port HTTP/HTTPS use when none is given. */
  defaultPort: number | null;
}

export const TASK_TYPE_SPECS: Readonly<Record<FormTaskType, TaskTypeSpec>> = {
  [MONITOR_TYPES.ICMP]: { schema: IcmpCreateBody, hasPort: false, portRequired: false, hasPath: false, isDns: false, defaultPort: null },
  [MONITOR_TYPES.TCP]: { schema: TcpCreateBody, hasPort: true, portRequired: true, hasPath: false, isDns: false, defaultPort: null },
  [MONITOR_TYPES.HTTP]: { schema: HttpCreateBody, hasPort: true, portRequired: false, hasPath: true, isDns: false, defaultPort: 80 },
  [MONITOR_TYPES.HTTPS]: { schema: HttpsCreateBody, hasPort: true, portRequired: false, hasPath: true, isDns: false, defaultPort: 443 },
  [MONITOR_TYPES.DNS]: { schema: DnsCreateBody, hasPort: false, portRequired: false, hasPath: false, isDns: true, defaultPort: null },
};
