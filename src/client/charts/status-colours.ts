import { SERVICE_STATUS, serviceStatusOf, type ServiceStatus } from '../../shared/index.js';

/**
 * The service-status colours of spec §3 for canvas drawing (charts cannot use CSS classes): the
 * `--color-status-*` values of styles.css, which change together with these.
 */
export const SERVICE_STATUS_COLOURS: Readonly<Record<ServiceStatus, string>> = {
  [SERVICE_STATUS.NONE]: '#94a3b8',
  [SERVICE_STATUS.NORMAL]: '#16a34a',
  [SERVICE_STATUS.WARNING]: '#ca8a04',
  [SERVICE_STATUS.ERROR]: '#dc2626',
};

/** The ring of a flagged node's marker (violet: no service-status colour is near it). */
export const FLAGGED_NODE_RING = '#7c3aed';

/** Regions where no selected node sits: lighter than "no data", so the two never look alike. */
export const NO_NODE_FILL = '#e2e8f0';

export function serviceStatusColour(status: ServiceStatus): string {
  return SERVICE_STATUS_COLOURS[status];
}

/** The colour of an average availability (percent, null for no data), by the §3 bands. */
export function availabilityColour(availability: number | null): string {
  return SERVICE_STATUS_COLOURS[serviceStatusOf(availability)];
}

/** Worst first: error, warning, normal, then no data (an on-call reader looks for trouble first). */
const SEVERITY_ORDER: Readonly<Record<ServiceStatus, number>> = {
  [SERVICE_STATUS.ERROR]: 0,
  [SERVICE_STATUS.WARNING]: 1,
  [SERVICE_STATUS.NORMAL]: 2,
  [SERVICE_STATUS.NONE]: 3,
};

export function bySeverity(a: ServiceStatus, b: ServiceStatus): number {
  return SEVERITY_ORDER[a] - SEVERITY_ORDER[b];
}
