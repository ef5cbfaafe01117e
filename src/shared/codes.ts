/** Code tables of spec §3. Each table is the only list of its values. */

export const MONITOR_TYPES = {
  ICMP: 1,
  TCP: 2,
  HTTP: 3,
  HTTPS: 4,
  DNS: 5,
  TRACEROUTE: 6,
  SSL: 7,
} as const;
export type MonitorType = (typeof MONITOR_TYPES)[keyof typeof MONITOR_TYPES];
export const MONITOR_TYPE_CODES = Object.values(MONITOR_TYPES) as MonitorType[];
/** Alerts exist for every monitor type except traceroute. */
export const ALERTABLE_MONITOR_TYPES: readonly MonitorType[] = MONITOR_TYPE_CODES.filter(
  (type) => type !== MONITOR_TYPES.TRACEROUTE,
);

export const ISP_CODES = {
  NONE: 0,
  TELECOM: 1,
  UNICOM: 2,
  MOBILE: 3,
  TENCENT: 4,
  WORLD: 8,
  SOUTHEAST_ASIA: 9,
} as const;
export type IspCode = (typeof ISP_CODES)[keyof typeof ISP_CODES];

export const CHINA_REGIONS = ['NE', 'NC', 'EC', 'CC', 'SC', 'SW', 'NW'] as const;
export type ChinaRegion = (typeof CHINA_REGIONS)[number];

export const MAP_TYPES = { CHINA: 1, SOUTHEAST_ASIA: 2, WORLD: 3 } as const;
export type MapType = (typeof MAP_TYPES)[keyof typeof MAP_TYPES];

export const NODE_STATUSES = ['none', 'usable', 'warning', 'unusable'] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

export const ENABLE_STATUS = { ENABLED: 1, DISABLED: 2 } as const;
export type EnableStatus = (typeof ENABLE_STATUS)[keyof typeof ENABLE_STATUS];

export const SERVICE_STATUS = { NONE: 0, NORMAL: 1, WARNING: 2, ERROR: 3 } as const;
export type ServiceStatus = (typeof SERVICE_STATUS)[keyof typeof SERVICE_STATUS];
/** Lower bounds (percent) of the normal and warning bands. */
export const SERVICE_STATUS_BANDS = { normal: 95, warning: 75 } as const;

/** Maps an average success percentage (0-100, or null for no data) to its §3 band. */
export function serviceStatusOf(averageSuccessPercent: number | null): ServiceStatus {
  if (averageSuccessPercent === null || Number.isNaN(averageSuccessPercent)) return SERVICE_STATUS.NONE;
  if (averageSuccessPercent >= SERVICE_STATUS_BANDS.normal) return SERVICE_STATUS.NORMAL;
  if (averageSuccessPercent >= SERVICE_STATUS_BANDS.warning) return SERVICE_STATUS.WARNING;
  return SERVICE_STATUS.ERROR;
}

export const SSL_STATUS = { NOT_EXPIRED: 1, EXPIRING: 2, EXPIRED: 3 } as const;
export type SslStatus = (typeof SSL_STATUS)[keyof typeof SSL_STATUS];
export const SSL_WARNING_DAYS = 7;

/** SSL status from the days left until expiry (negative once expired). */
export function sslStatusOf(daysLeft: number): SslStatus {
  if (daysLeft < 0) return SSL_STATUS.EXPIRED;
  if (daysLeft <= SSL_WARNING_DAYS) return SSL_STATUS.EXPIRING;
  return SSL_STATUS.NOT_EXPIRED;
}

export const INBOX_STATUS = { NOTIFY: 0, PROCESSING: 1, FINISHED: 2 } as const;
export type InboxStatus = (typeof INBOX_STATUS)[keyof typeof INBOX_STATUS];
/** What an inbox item is about: a deployment's outcome, an alert, a bulk import. */
export const INBOX_TYPES = ['deploy', 'alert', 'import', 'feedback'] as const;
export type InboxType = (typeof INBOX_TYPES)[number];

export const DEPLOY_STATUS = ['processing', 'error_nodes', 'completed'] as const;
export type DeployStatus = (typeof DEPLOY_STATUS)[number];

export const ALERT_MONITOR_MODES = { LATENCY: 1, AVAILABILITY: 2, SSL_EXPIRY_DAYS: 3, IP_NOT_MATCHED: 4 } as const;
export const ALERT_CONDITIONS = ['gt', 'gte', 'eq', 'lt', 'lte'] as const;

export const COUNTRIES = [
  'CN', 'TW', 'HK', 'MO', 'SG', 'MY', 'TH', 'VN', 'ID', 'PH', 'KH', 'MM', 'LA', 'BN',
  'JP', 'KR', 'BR', 'DE', 'GB', 'US', 'NL', 'AU', 'TR', 'PE',
] as const;
export type Country = (typeof COUNTRIES)[number];
