import {
  MONITOR_TYPE_CODES,
  worstFirst,
  type AttentionTask,
  type DomainOverviewAnswer,
  type MonitorQtyAnswer,
  type MonitorType,
} from '../../../shared/index.js';

export interface BandCounts {
  normal: number;
  warning: number;
  error: number;
  none: number;
}

/** One product card of the glance. */
export interface TypeCard {
  type: MonitorType;
  total: number;
  enabled: number;
  disabled: number;
  /** Enabled tasks by §3 band over the last hour; null for types without figures yet (traceroute, SSL) or before they load. */
  bands: BandCounts | null;
}

/** The seven cards in type order: counts from /domain/monitor_qty, bands from /domain/overview. */
export function typeCardsOf(qty: MonitorQtyAnswer | undefined, overview: DomainOverviewAnswer | undefined): TypeCard[] {
  return MONITOR_TYPE_CODES.map((type) => {
    const counts = qty?.types.find((row) => row.type === type);
    const status = overview?.types.find((row) => row.type === type);
    return {
      type,
      total: counts?.total ?? 0,
      enabled: counts?.enabled ?? 0,
      disabled: counts?.disabled ?? 0,
      bands: status ? { normal: status.normal, warning: status.warning, error: status.error, none: status.none } : null,
    };
  });
}

/** The tasks in trouble, worst first (lowest availability), whatever order they arrived in. */
export function attentionOrder(overview: DomainOverviewAnswer | undefined): AttentionTask[] {
  return worstFirst(overview?.attention ?? []);
}

/** How many tasks in trouble the glance does not list. */
export function unlistedTroubleCount(overview: DomainOverviewAnswer | undefined): number {
  return overview ? Math.max(0, overview.attentionTotal - overview.attention.length) : 0;
}

/** Share of the purchased points in use, in whole percent within 0-100 (0 without points). */
export function usedShare(purchased: number, used: number): number {
  if (purchased <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / purchased) * 100)));
}
