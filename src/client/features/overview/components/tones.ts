import { SERVICE_STATUS, type ServiceStatus } from '../../../../shared/index.js';

/** The §3 service-status colours (the task lists use the same). */
export const BAND_TONES: Readonly<Record<ServiceStatus, { dot: string; text: string; badge: string }>> = {
  [SERVICE_STATUS.NORMAL]: { dot: 'bg-status-normal', text: 'text-green-800', badge: 'bg-green-50 text-green-800 ring-green-200' },
  [SERVICE_STATUS.WARNING]: { dot: 'bg-status-warning', text: 'text-yellow-800', badge: 'bg-yellow-50 text-yellow-800 ring-yellow-200' },
  [SERVICE_STATUS.ERROR]: { dot: 'bg-status-error', text: 'text-red-800', badge: 'bg-red-50 text-red-800 ring-red-200' },
  [SERVICE_STATUS.NONE]: { dot: 'bg-status-none', text: 'text-slate-600', badge: 'bg-slate-100 text-slate-700 ring-slate-200' },
};
